/**
 * ZIP archives and gzip files built in memory for import tests, bombs included: a ZIP entry may
 * declare sizes other than its data's, and `deflatedZeros` deflates gigabytes of zeros without
 * ever holding them.
 */
import { Readable } from 'node:stream';
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

export type ZipEntryInput = {
  name: string;
  data?: Uint8Array;
  /** Stored (method 0) instead of deflated. */
  isStored?: boolean;
  /** Already deflated bytes, written as they are (with `declaredSize`). */
  deflated?: Uint8Array;
  /** The uncompressed size the headers declare, when it is not the data's. */
  declaredSize?: number;
};

/** A ZIP archive of the entries, in their order (UTF-8 names, no ZIP64). */
export function zipArchive(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? new Uint8Array();
    const method = entry.isStored ? 0 : 8;
    const body = entry.deflated ?? (entry.isStored ? data : deflateRawSync(data));
    const size = entry.declaredSize ?? data.length;
    const crc = entry.deflated ? 0 : crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body));
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MIB = 1024 * 1024;

/** A raw deflate stream of `mebibytes` MiB of zeros (about 1 KiB per MiB): one flushed block repeated, then an empty final block. */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MIB), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A gzip file of `mebibytes` MiB of zeros: 8 MiB members, concatenated (gunzip reads them as one file). */
export function gzippedZeros(mebibytes: number): Buffer {
  const member = gzipSync(Buffer.alloc(8 * MIB));
  return Buffer.concat(Array.from({ length: Math.ceil(mebibytes / 8) }, () => member));
}

/** A file in memory read by ranges in 64 KiB chunks, counting the bytes handed out. */
export function memoryFile(bytes: Uint8Array): { size: number; readRange(start: number, end: number): Readable; bytesRead(): number } {
  let read = 0;
  return {
    size: bytes.length,
    bytesRead: () => read,
    readRange(start, end) {
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let at = start; at < end; at += 64 * 1024) {
          const chunk = Buffer.from(bytes.subarray(at, Math.min(end, at + 64 * 1024)));
          read += chunk.length;
          yield chunk;
        }
      }
      return Readable.from(chunks());
    },
  };
}
