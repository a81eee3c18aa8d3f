/** What every import reader does to what it reads: the row and cell limits, a cell's cleaning, OOXML's escapes. */

export const IMPORT_ROW_LIMITS = {
  /** Cells kept per row; later cells are dropped. */
  maxCells: 100,
  /** Characters kept per cell; the rest is dropped. */
  maxCellLength: 10_000,
  /** Rows per yielded batch unless the caller asks otherwise. */
  batchSize: 1_000,
} as const;

/** A cell cut to the limit (never in the middle of a surrogate pair) and trimmed. */
export function cellText(text: string): string {
  if (text.length > IMPORT_ROW_LIMITS.maxCellLength) {
    const cut = IMPORT_ROW_LIMITS.maxCellLength;
    const code = text.charCodeAt(cut - 1);
    text = text.slice(0, code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut);
  }
  return text.trim();
}

/** Text of a shared string or inline string as OOXML stores it: _xHHHH_ escapes characters XML cannot hold. */
export function unescapeOoxml(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** A stream chunk as bytes, without a copy when it is bytes already. */
export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}
