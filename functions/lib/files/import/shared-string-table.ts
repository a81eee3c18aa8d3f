import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import { cellText, unescapeOoxml } from './row-text.js';

/**
 * The workbook's shared strings as UTF-8 in 256 KiB chunks, about a byte a character plus six per
 * string: a sheet's shared strings can be millions of distinct values, too many to keep as JS
 * strings (some 40 bytes each more). The first 32 MiB stay in memory; beyond that, full chunks go
 * to a temporary file and are read back through a small cache. Excel numbers shared strings in
 * the order it first meets them, so a sheet read top to bottom walks the chunks nearly in order.
 */
export class SharedStringTable {
  private static readonly CHUNK_BITS = 18;
  private static readonly CHUNK = 1 << SharedStringTable.CHUNK_BITS;
  /** 4 GiB of strings: more than any upload can hold. */
  private static readonly MAX_CHUNKS = 1 << (32 - SharedStringTable.CHUNK_BITS);
  private chunks: Array<Buffer | null> = [];
  private used = SharedStringTable.CHUNK;
  /** Per index: chunk number and offset in it (chunk << 18 | offset), and byte length (a cut cell fits 16 bits). */
  private starts = new Uint32Array(1024);
  private lengths = new Uint16Array(1024);
  private spill: { fd: number; path: string } | null = null;
  /** Chunks read back from the temporary file, most recently used last. */
  private cache = new Map<number, Buffer>();

  constructor(
    private readonly memoryChunks = 128,
    private readonly cachedChunks = 32,
  ) {}

  add(index: number, value: unknown): void {
    const text = cellText(unescapeOoxml(sharedStringText(value)));
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > SharedStringTable.CHUNK) this.startChunk();
    const chunk = this.chunks.length - 1;
    this.chunks[chunk]?.write(text, this.used);
    if (index >= this.starts.length) {
      const size = Math.max(this.starts.length * 2, index + 1);
      const starts = new Uint32Array(size);
      starts.set(this.starts);
      this.starts = starts;
      const lengths = new Uint16Array(size);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.starts[index] = ((chunk << SharedStringTable.CHUNK_BITS) | this.used) >>> 0;
    this.lengths[index] = bytes;
    this.used += bytes;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.starts.length) return '';
    const bytes = this.lengths[index];
    if (bytes === 0) return '';
    const start = this.starts[index];
    const offset = start & (SharedStringTable.CHUNK - 1);
    return this.chunk(start >>> SharedStringTable.CHUNK_BITS).toString('utf8', offset, offset + bytes);
  }

  /** Removes the temporary file, if there is one. */
  close(): void {
    if (!this.spill) return;
    closeSync(this.spill.fd);
    rmSync(this.spill.path, { force: true });
    this.spill = null;
    this.cache.clear();
  }

  private startChunk(): void {
    if (this.chunks.length >= SharedStringTable.MAX_CHUNKS) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has more text than can be read.');
    const last = this.chunks.length - 1;
    const full = this.chunks[last];
    if (full && last >= this.memoryChunks) {
      if (!this.spill) {
        const path = join(tmpdir(), `import-strings-${randomUUID()}`);
        this.spill = { fd: openSync(path, 'w+'), path };
      }
      writeSync(this.spill.fd, full, 0, this.used, last * SharedStringTable.CHUNK);
      this.chunks[last] = null;
    }
    this.chunks.push(Buffer.allocUnsafe(SharedStringTable.CHUNK));
    this.used = 0;
  }

  private chunk(number: number): Buffer {
    const inMemory = this.chunks[number];
    if (inMemory) return inMemory;
    let cached = this.cache.get(number);
    if (cached) {
      this.cache.delete(number);
    } else {
      if (!this.spill) return Buffer.alloc(0);
      cached = this.cache.size >= this.cachedChunks ? this.evict() : Buffer.allocUnsafe(SharedStringTable.CHUNK);
      readSync(this.spill.fd, cached, 0, SharedStringTable.CHUNK, number * SharedStringTable.CHUNK);
    }
    this.cache.set(number, cached);
    return cached;
  }

  /** Drops the least recently used cached chunk and answers its buffer for reuse. */
  private evict(): Buffer {
    const [oldest, buffer] = this.cache.entries().next().value ?? [-1, Buffer.allocUnsafe(SharedStringTable.CHUNK)];
    this.cache.delete(oldest);
    return buffer;
  }
}

/** A shared string as exceljs emits it: text, rich text runs, or null for an empty one. */
function sharedStringText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const runs: unknown = Reflect.get(value, 'richText');
  if (!Array.isArray(runs)) return '';
  return runs.map((run: unknown) => {
    const text: unknown = typeof run === 'object' && run !== null ? Reflect.get(run, 'text') : '';
    return typeof text === 'string' ? text : '';
  }).join('');
}
