/** A count for a badge, capped (spec §2.7: 99+). */
export function badgeLabel(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A fraction as a percentage of the language ("7.55%"), with at most `maximumFractionDigits` decimals. */
export function formatPercent(fraction: number, locale: string, maximumFractionDigits: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits }).format(fraction);
}
