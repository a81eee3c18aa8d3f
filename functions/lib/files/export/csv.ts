/**
 * CSV cells and lines for exports: RFC 4180 (fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end CRLF), UTF-8 with a byte-order mark so Excel opens Chinese text
 * correctly, and a guard against formula injection: a text cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is written with a leading apostrophe.
 * Plain numbers (-12.5, +85291234567) are left alone: they cannot be a formula, and E.164 mobile
 * numbers must stay importable.
 */
import type { ExportCell } from '../../../../shared/domain/contact-export.js';

/** The UTF-8 byte-order mark that starts every export CSV. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text a spreadsheet would evaluate gets a leading apostrophe, which makes it plain text. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text a guarded cell stood for: our own exports (and import reports) re-import as they were. */
export function unguardFormula(text: string): string {
  return text.startsWith("'") && guardFormula(text.slice(1)) === text ? text.slice(1) : text;
}

/** One field of a CSV line. */
export function csvCell(value: ExportCell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, line end included. */
export function csvLine(cells: readonly ExportCell[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}
