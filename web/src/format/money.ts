import { minorDigits } from '../../../shared/domain/pricing.js';

/**
 * Money travels in minor units (architecture: integers only); the currency says how many
 * decimals a major unit has (HKD 2, JPY 0), and Intl knows it. A currency the pricebook charges in
 * whole units (`allowDecimal: false`, billing §5 "Amount rounding") shows none.
 */
export function formatMinorUnits(amount: number, currency: string, language: string, { allowDecimal = true }: { allowDecimal?: boolean } = {}): string {
  const options: Intl.NumberFormatOptions = allowDecimal ? { style: 'currency', currency } : { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 };
  return new Intl.NumberFormat(language, options).format(amount / 10 ** minorDigits(currency));
}
