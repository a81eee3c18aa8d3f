/** File sizes from Byte to YB (spec §1), in binary steps of 1024, numbers in the UI language. */
const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

export function formatFileSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${new Intl.NumberFormat(locale).format(bytes)} ${bytes === 1 ? 'Byte' : 'Bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value)} ${UNITS[unit]}`;
}

/** Sizes the API reports in megabytes (attachment data, storage). */
export function formatMegabytes(megabytes: number, locale: string): string {
  // "0 MB" reads better than "0 Bytes" for an allowance counted in megabytes.
  if (megabytes === 0) return `${new Intl.NumberFormat(locale).format(0)} MB`;
  return formatFileSize(megabytes * 1024 * 1024, locale);
}
