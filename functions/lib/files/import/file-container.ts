/**
 * Import files that come packed: a gzip file (one CSV or XLSX inside) or a ZIP archive of CSV or
 * XLSX files (Mailchimp's audience export), read as a stream of the file inside. Nothing is
 * unpacked whole: a ZIP is read by its central directory (yauzl, over ranged reads of the stored
 * object) and the chosen entry's compressed bytes are inflated as they are read, like a gzip
 * file's. A zip bomb answers IMPORT-UPLOAD-C-002: by its declared sizes before anything is
 * inflated, and by the bytes actually inflated (a declaration can lie) while streaming.
 */
import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import { toBuffer } from './row-text.js';

/** A stored file read by byte ranges (an S3 object: one ranged GET per range). `end` is exclusive. */
export type RangeReadableFile = { size: number; readRange(start: number, end: number): Readable };

/** How the file inside is packed: not at all (no `archive`), gzip, or as the named entry of a ZIP archive. */
export type TFileContainer = { archive?: 'gzip' } | { archive: 'zip'; entry: string };

/**
 * Bounds on unpacking. Real contact files deflate 5–20 to 1 (CSV text) and never past 100 to 1
 * beyond a few MiB; deflate itself reaches 1,032 to 1, which bombs use. 1 GiB of text is five
 * times the largest plain upload (MAX_IMPORT_BYTES), some ten million rows.
 */
export const UNPACK_LIMITS = {
  maxInflatedBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  /** Below this many inflated bytes the ratio is not checked: a small file is harmless whatever its ratio. */
  ratioFloorBytes: 16 * 1024 * 1024,
} as const;

const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Entries of a ZIP archive an import can read. */
const IMPORTABLE_ENTRY = /\.(csv|tsv|txt|xlsx|xlsm)$/i;
/** An OOXML package (an XLSX workbook) is a ZIP archive with this entry. */
const OOXML_CONTENT_TYPES = '[Content_Types].xml';

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  return head.length >= magic.length && magic.every((byte, index) => head[index] === byte);
}

function unreadable(message: string): AppError {
  return new AppError(ERROR_CODES.IMPORT_UNREADABLE, message);
}

/** The files of a ZIP archive an import may read, in the archive's order: CSV, TSV, TXT and XLSX files outside macOS's metadata folder. */
function isImportableEntry(name: string): boolean {
  const baseName = name.slice(name.lastIndexOf('/') + 1);
  return IMPORTABLE_ENTRY.test(name) && !name.startsWith('__MACOSX/') && !baseName.startsWith('.');
}

export type ContainerChoice = {
  container: TFileContainer;
  /** The importable files of a ZIP archive, in its order; empty for any other file. */
  entries: string[];
  /** The name of the file inside (what its format is judged by): the entry's, or the upload's without .gz. */
  innerName: string;
};

/**
 * Finds how an upload is packed from its first bytes (`head`) and, for a ZIP archive, its central
 * directory; `entry` is the user's choice among the archive's files (the first by default).
 * An XLSX workbook is a ZIP archive too, and is read as it is. Throws IMPORT_UNREADABLE for a
 * broken archive or one with no CSV or XLSX file, INVALID_INPUT for an entry it does not hold.
 */
export async function findContainer(file: RangeReadableFile, head: Uint8Array, options: { fileName: string; entry?: string }): Promise<ContainerChoice> {
  const { fileName, entry } = options;
  if (startsWith(head, GZIP_MAGIC)) return { container: { archive: 'gzip' }, entries: [], innerName: fileName.replace(/\.gz$/i, '') };
  if (!startsWith(head, ZIP_MAGIC)) return { container: {}, entries: [], innerName: fileName };
  const names = await listZipEntries(file);
  if (names.includes(OOXML_CONTENT_TYPES)) return { container: {}, entries: [], innerName: fileName };
  const entries = names.filter(isImportableEntry);
  if (entries.length === 0) throw unreadable('The ZIP file holds no CSV or XLSX file.');
  const chosen = entry ?? entries[0];
  if (!entries.includes(chosen)) throw new AppError(ERROR_CODES.INVALID_INPUT, `The ZIP file holds no CSV or XLSX file named '${chosen}'.`);
  return { container: { archive: 'zip', entry: chosen }, entries, innerName: chosen };
}

/**
 * The file inside as a stream, inflated as it is read. `onStoredBytes` hears of each chunk of
 * stored (compressed) bytes read, out of `storedSize` (progress). Unpacking past UNPACK_LIMITS
 * fails the stream with IMPORT_UNREADABLE.
 */
export async function openContainedFile(
  file: RangeReadableFile,
  container: TFileContainer,
  options: { onStoredBytes?: (bytes: number) => void } = {},
): Promise<{ content: Readable; storedSize: number }> {
  if (container.archive === 'zip') {
    const { stored, storedSize, isDeflated } = await openZipEntry(file, container.entry);
    return { content: unpack(stored, isDeflated ? createInflateRaw() : null, options.onStoredBytes), storedSize };
  }
  const stored = file.readRange(0, file.size);
  return { content: unpack(stored, container.archive === 'gzip' ? createGunzip() : null, options.onStoredBytes), storedSize: file.size };
}

/** Stored bytes, counted, through `inflate` (when packed) and the unpacking limits. */
function unpack(stored: Readable, inflate: Transform | null, onStoredBytes?: (bytes: number) => void): Readable {
  let storedBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      storedBytes += chunk.length;
      onStoredBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  let inflatedBytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflatedBytes += chunk.length;
      if (inflatedBytes > UNPACK_LIMITS.maxInflatedBytes) return done(unreadable(`The packed file unpacks to more than ${UNPACK_LIMITS.maxInflatedBytes / 1024 ** 3} GiB.`));
      if (inflatedBytes > UNPACK_LIMITS.ratioFloorBytes && inflatedBytes > UNPACK_LIMITS.maxRatio * storedBytes) {
        return done(unreadable(`The packed file unpacks more than ${UNPACK_LIMITS.maxRatio} times its size (a zip bomb?).`));
      }
      done(null, chunk);
    },
  });
  // The output is outside the pipeline, which would fail it with zlib's own error: it gets the import's.
  const output = new PassThrough();
  const fail = (error: Error | null) => error && output.destroy(toAppError(error));
  const last = inflate ? pipeline(stored, counter, inflate, limit, fail) : pipeline(stored, counter, fail);
  last.pipe(output);
  // A consumer's early stop releases the source.
  output.once('close', () => last.destroy());
  return output;
}

/** A source's own failure (a dropped connection) passes as it is; a corrupt packed stream is a broken file. */
function toAppError(error: Error): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('Z_') ? unreadable(`The packed file is broken: ${error.message}`) : error;
}

/** yauzl's random access over the stored file's ranged reads. */
class RangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly file: RangeReadableFile) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return this.file.readRange(start, end);
  }
}

function openZip(file: RangeReadableFile): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(new RangeReader(file), file.size, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) reject(unreadable(`The file is not a readable ZIP archive or XLSX workbook: ${error.message}`));
      else resolve(zip);
    });
  });
}

/** Walks the central directory; `visit` answers true to stop at an entry. */
function walkEntries(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => boolean): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => (visit(entry) ? resolve(entry) : zip.readEntry()));
    zip.on('end', () => resolve(null));
    zip.on('error', (error: Error) => reject(unreadable(`The ZIP file is broken: ${error.message}`)));
    zip.readEntry();
  });
}

async function listZipEntries(file: RangeReadableFile): Promise<string[]> {
  const zip = await openZip(file);
  try {
    const names: string[] = [];
    await walkEntries(zip, (entry) => {
      if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
      return false;
    });
    return names;
  } finally {
    zip.close();
  }
}

/** The named entry's stored bytes, refused by its declared sizes before any is read. */
async function openZipEntry(file: RangeReadableFile, name: string): Promise<{ stored: Readable; storedSize: number; isDeflated: boolean }> {
  const zip = await openZip(file);
  try {
    const entry = await walkEntries(zip, (candidate) => candidate.fileName === name);
    if (!entry) throw unreadable(`The ZIP file no longer holds '${name}'.`);
    if (entry.isEncrypted()) throw unreadable(`'${name}' is encrypted (password-protected) in the ZIP file.`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw unreadable(`'${name}' is packed in a way ZIP readers rarely support (method ${entry.compressionMethod}).`);
    const declared = entry.uncompressedSize;
    if (declared > UNPACK_LIMITS.maxInflatedBytes) throw unreadable(`'${name}' unpacks to more than ${UNPACK_LIMITS.maxInflatedBytes / 1024 ** 3} GiB.`);
    if (declared > UNPACK_LIMITS.ratioFloorBytes && declared > UNPACK_LIMITS.maxRatio * entry.compressedSize) {
      throw unreadable(`'${name}' unpacks more than ${UNPACK_LIMITS.maxRatio} times its size (a zip bomb?).`);
    }
    const isDeflated = entry.compressionMethod === 8;
    // The raw (still deflated) bytes: inflating is ours, so the inflated bytes can be counted.
    const rawOptions = { decompress: false, decrypt: null, start: null, end: null };
    const stored = await new Promise<Readable>((resolve, reject) => {
      const done = (error: Error | null, stream: Readable) => (error ? reject(unreadable(`The ZIP file is broken: ${error.message}`)) : resolve(stream));
      if (isDeflated) zip.openReadStream(entry, rawOptions, done);
      else zip.openReadStream(entry, done);
    });
    return { stored, storedSize: entry.compressedSize, isDeflated };
  } finally {
    // The entry's stream holds its own reference to the reader: closing the archive ends nothing it still reads.
    zip.close();
  }
}

/** The first `bytes` of a stream (fewer when it is shorter); the stream is released after. */
export async function readStreamHead(stream: Readable, bytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = toBuffer(chunk);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
