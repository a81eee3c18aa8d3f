import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import { cellText, IMPORT_ROW_LIMITS, unescapeOoxml } from './row-text.js';

/** Which cell styles show a date, and the workbook's date system (the XLSX reader reads them from the styles part). */
export type DateStyles = { is1904: boolean; isDate(style: number): boolean };

/** Characters of XML the sheet reader holds while waiting for the end of a tag or a text. */
const MAX_PENDING_XML = 8 * 1024 * 1024;

type PendingCell = { column: number; type: string; style: number; value: string; inline: string };

/**
 * The rows of a worksheet's XML (SpreadsheetML sheetData), fed as text chunks: each <row> becomes
 * the texts of its cells (<c r="B2" t="…" s="…"><v>…</v></c>), gaps filled with ''. Values:
 * shared (t="s") and inline strings (t="inlineStr", phonetic runs left out), formula results
 * (t="str" and numbers), booleans TRUE/FALSE, errors as nothing, ISO dates (t="d"), and numbers,
 * which are dates when their style's number format is a date format.
 */
export class SheetXmlReader {
  private pending = '';
  private cells: string[] | null = null;
  private nextColumn = 0;
  private cell: PendingCell | null = null;
  /** Where text goes: the cell's value (<v>), its inline string (<is><t>), or nowhere. */
  private collecting: 'value' | 'inline' | null = null;
  private isInInlineString = false;
  private isInPhonetic = false;

  constructor(
    private readonly sharedStrings: { get(index: number): string },
    private readonly dates: DateStyles,
  ) {}

  /** The rows completed by this chunk. */
  write(chunk: string): string[][] {
    const rows: string[][] = [];
    const xml = this.pending === '' ? chunk : this.pending + chunk;
    this.pending = '';
    let position = 0;
    while (position < xml.length) {
      const open = xml.indexOf('<', position);
      if (open < 0) {
        this.keep(xml, position);
        break;
      }
      if (open > position && this.collecting) this.addText(decodeXmlText(xml.slice(position, open)));
      let close: number;
      const isSpecial = xml.charCodeAt(open + 1) === 0x21; // '!'
      if (isSpecial && xml.startsWith('<![CDATA[', open)) {
        close = xml.indexOf(']]>', open);
        if (close < 0) {
          this.keep(xml, open);
          break;
        }
        if (this.collecting) this.addText(xml.slice(open + 9, close));
        position = close + 3;
        continue;
      }
      if (isSpecial && xml.startsWith('<!--', open)) {
        close = xml.indexOf('-->', open);
        if (close < 0) {
          this.keep(xml, open);
          break;
        }
        position = close + 3;
        continue;
      }
      close = xml.indexOf('>', open);
      if (close < 0) {
        this.keep(xml, open);
        break;
      }
      this.tag(xml, open + 1, close, rows);
      position = close + 1;
    }
    return rows;
  }

  private keep(xml: string, from: number): void {
    if (xml.length - from > MAX_PENDING_XML) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has a cell longer than 8 MiB.');
    this.pending = xml.slice(from);
  }

  private addText(text: string): void {
    if (!this.cell) return;
    if (this.collecting === 'value') this.cell.value += text;
    else this.cell.inline += text;
  }

  /** One tag, `xml[start..end)` without its angle brackets. */
  private tag(xml: string, start: number, end: number, rows: string[][]): void {
    const isClosing = xml.charCodeAt(start) === 0x2f; // '/'
    const isEmpty = !isClosing && xml.charCodeAt(end - 1) === 0x2f;
    let nameEnd = isClosing ? start + 1 : start;
    while (nameEnd < end) {
      const code = xml.charCodeAt(nameEnd);
      if (code === 0x20 || code === 0x2f || code === 0x09 || code === 0x0a || code === 0x0d) break;
      nameEnd += 1;
    }
    const name = knownTagName(xml, isClosing ? start + 1 : start, nameEnd);
    if (isClosing) {
      this.closeTag(name, rows);
      return;
    }
    switch (name) {
      case 'row':
        this.cells = [];
        this.nextColumn = 0;
        if (isEmpty) this.closeTag('row', rows);
        break;
      case 'c': {
        if (!this.cells) break;
        const { reference, type, style } = cellAttributes(xml, nameEnd, isEmpty ? end - 1 : end);
        const column = reference ? columnIndex(reference) : this.nextColumn;
        this.nextColumn = column + 1;
        if (isEmpty) break;
        this.cell = { column, type: type ?? 'n', style: style ? Number(style) : 0, value: '', inline: '' };
        break;
      }
      case 'v':
        if (this.cell && !isEmpty) this.collecting = 'value';
        break;
      case 'is':
        if (!isEmpty) this.isInInlineString = true;
        break;
      case 'rPh':
        if (!isEmpty) this.isInPhonetic = true;
        break;
      case 't':
        if (this.cell && this.isInInlineString && !this.isInPhonetic && !isEmpty) this.collecting = 'inline';
        break;
      default:
        break;
    }
  }

  private closeTag(name: string, rows: string[][]): void {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = null;
        break;
      case 'is':
        this.isInInlineString = false;
        break;
      case 'rPh':
        this.isInPhonetic = false;
        break;
      case 'c':
        if (this.cell && this.cells) this.setCell(this.cells, this.cell);
        this.cell = null;
        this.collecting = null;
        break;
      case 'row':
        if (this.cells && this.cells.length > 0) rows.push(this.cells);
        this.cells = null;
        break;
      default:
        break;
    }
  }

  private setCell(cells: string[], cell: PendingCell): void {
    if (cell.column >= IMPORT_ROW_LIMITS.maxCells) return;
    const text = cellText(this.cellValue(cell));
    if (text === '') return;
    while (cells.length < cell.column) cells.push('');
    cells[cell.column] = text;
  }

  private cellValue(cell: PendingCell): string {
    switch (cell.type) {
      case 's':
        return cell.value === '' ? '' : this.sharedStrings.get(Number(cell.value));
      case 'inlineStr':
        return unescapeOoxml(cell.inline);
      case 'str':
        return unescapeOoxml(cell.value);
      case 'b':
        return cell.value === '' ? '' : cell.value.trim() === '1' ? 'TRUE' : 'FALSE';
      case 'e':
        return '';
      case 'd':
        return cell.value.trim().slice(0, 10);
      default: {
        if (cell.value === '') return '';
        const number = Number(cell.value);
        if (Number.isNaN(number)) return cell.value;
        return this.dates.isDate(cell.style) ? serialDateText(number, this.dates.is1904) : numberText(number);
      }
    }
  }
}

/** The local name (after any prefix) of a tag the sheet reader acts on, `xml[from..to)`, or ''. */
function knownTagName(xml: string, from: number, to: number): string {
  for (let i = from; i < to; i += 1) if (xml.charCodeAt(i) === 0x3a) from = i + 1; // ':'
  const first = xml.charCodeAt(from);
  switch (to - from) {
    case 1:
      return first === 0x63 ? 'c' : first === 0x76 ? 'v' : first === 0x74 ? 't' : '';
    case 2:
      return first === 0x69 && xml.charCodeAt(from + 1) === 0x73 ? 'is' : '';
    case 3:
      return xml.startsWith('row', from) ? 'row' : xml.startsWith('rPh', from) ? 'rPh' : '';
    default:
      return '';
  }
}

/** The r, t and s attributes of a <c> tag, from its attribute text `xml[start..end)`. */
function cellAttributes(xml: string, start: number, end: number): { reference?: string; type?: string; style?: string } {
  const found: { reference?: string; type?: string; style?: string } = {};
  let position = start;
  for (;;) {
    const equals = xml.indexOf('=', position);
    if (equals < 0 || equals >= end) return found;
    let nameEnd = equals;
    while (nameEnd > position && xml.charCodeAt(nameEnd - 1) <= 0x20) nameEnd -= 1;
    let nameStart = nameEnd;
    while (nameStart > position && xml.charCodeAt(nameStart - 1) > 0x20) nameStart -= 1;
    let quote = equals + 1;
    while (quote < end && xml.charCodeAt(quote) <= 0x20) quote += 1;
    const mark = xml[quote];
    if (mark !== '"' && mark !== "'") return found;
    const close = xml.indexOf(mark, quote + 1);
    if (close < 0 || close >= end) return found;
    if (nameEnd - nameStart === 1) {
      const value = xml.slice(quote + 1, close);
      const name = xml.charCodeAt(nameStart);
      if (name === 0x72) found.reference = value; // r
      else if (name === 0x74) found.type = value; // t
      else if (name === 0x73) found.style = value; // s
    }
    position = close + 1;
  }
}

/** 0-based column of a cell reference: "A1" → 0, "AB12" → 27. */
function columnIndex(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i += 1) {
    const code = reference.charCodeAt(i) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
  }
  return column - 1;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return XML_ENTITIES[body] ?? entity;
  });
}

/** Dates already written out: a column of birthdays repeats the same few thousand days. */
const dateTexts = new Map<number, string>();

/** A serial day number as YYYY-MM-DD (1900 date system, or 1904 for old Mac workbooks). */
function serialDateText(serial: number, is1904: boolean): string {
  const day = serial + (is1904 ? 1462 : 0);
  let text = dateTexts.get(day);
  if (text === undefined) {
    const date = new Date(Math.round((day - 25569) * 86_400_000));
    text = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
    if (dateTexts.size >= 10_000) dateTexts.clear();
    dateTexts.set(day, text);
  }
  return text;
}

/** Plain decimal notation with at most 15 significant digits, as Excel shows numbers. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const plain = String(value);
  // Up to 15 significant digits and no exponent: already what Excel shows.
  if (plain.length <= 16 && !plain.includes('e')) return plain;
  const text = String(Number(value.toPrecision(15)));
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponent] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
