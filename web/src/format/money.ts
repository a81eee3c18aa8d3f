/**
 * Money travels in minor units (architecture: integers only); the currency says how many
 * decimals a major unit has (HKD 2, JPY 0), and Intl knows it.
 */
export function formatMinorUnits(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
