import { minorDigits } from '../../../shared/domain/pricing.js';

/**
 * Money travels in minor units (architecture: integers only); the currency says how many
 * decimals a major unit has (HKD 2, JPY 0), and Intl knows it.
 */
export function formatMinorUnits(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 10 ** minorDigits(currency));
}
