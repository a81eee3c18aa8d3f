/**
 * CSV cells and lines for exports: RFC 4180 (fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end CRLF), UTF-8 with a byte-order mark so Excel opens Chinese text
 * correctly, and OWASP's guard against formula injection: a text cell that a spreadsheet would run
 * as a formula (starting with tab or carriage return, or with =, +, -, @ or their full-width forms
 * after any leading whitespace) is written with a leading apostrophe, and a cell holding a comma or
 * a semicolon (the separator of many locales) is quoted so no second cell can start inside it.
 * Plain numbers (-12.5, +85291234567) are left alone: they cannot be a formula, and E.164 mobile
 * numbers must stay importable.
 */
import type { ExportCell } from '../../../../shared/domain/contact-export.js';

/** The UTF-8 byte-order mark that starts every export CSV. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

// Spreadsheets skip leading spaces before a formula, and read ＝＋－＠ as = + - @.
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const NEEDS_QUOTES = /[",;\r\n]/;

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
