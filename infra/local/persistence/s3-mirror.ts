/**
 * fauxqs keeps S3 in memory only. The mirror writes every object of the mirrored buckets through to
 * DATA_DIR/s3/<bucket>/ right after each successful write or delete, and loads them back into
 * fauxqs at start. Objects are stored by the SHA-256 of their key (keys can be longer than a
 * file name may be), each with a `.json` sidecar holding the key and its headers.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { EmulatorRequest } from '../fauxqs-server.js';
import { readJsonFile, writeJsonFile } from './json-file.js';

type ObjectSidecar = {
  key: string;
  contentType?: string;
  contentEncoding?: string;
  contentDisposition?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
};

/** Objects are put back in parts of this size: fauxqs takes request bodies up to 11 MiB, as S3 takes 5 GiB. */
const RESTORE_PART_BYTES = 8 * 1024 * 1024;

export type S3Mirror = {
  /** Loads the mirrored objects of `bucket` into the (empty) emulator; answers how many. */
  restore(bucket: string): Promise<number>;
  /** Feed of fauxqs requests; writes to restored buckets are mirrored. */
  observe(request: EmulatorRequest): void;
  /** Waits for mirror writes under way. */
  close(): Promise<void>;
};

export function createS3Mirror(options: { dataDir: string; s3: S3Client; log: (message: string) => void }): S3Mirror {
  const root = join(options.dataDir, 's3');
  const buckets = new Set<string>();
  // Per object, mirror operations run in request order so an older state never wins.
  const queues = new Map<string, Promise<void>>();

  const enqueue = (id: string, work: () => Promise<void>): void => {
    const next = (queues.get(id) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => options.log(`S3 mirror of ${id} failed: ${String(error)}`))
      .finally(() => {
        if (queues.get(id) === next) queues.delete(id);
      });
    queues.set(id, next);
  };

  const mirrorObject = async (bucket: string, key: string): Promise<void> => {
    const file = join(root, bucket, objectFileName(key));
    try {
      const object = await options.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const sidecar: ObjectSidecar = {
        key,
        contentType: object.ContentType,
        contentEncoding: object.ContentEncoding,
        contentDisposition: object.ContentDisposition,
        cacheControl: object.CacheControl,
        metadata: object.Metadata,
      };
      await mkdir(join(root, bucket), { recursive: true });
      // Streamed to the file: an upload or a report list can be hundreds of MB, and the emulator holds it already.
      await pipeline(object.Body instanceof Readable ? object.Body : Readable.from([]), createWriteStream(`${file}.bin`));
      await writeJsonFile(`${file}.json`, sidecar);
    } catch (error) {
      if (!(error instanceof NoSuchKey)) throw error;
      await rm(`${file}.json`, { force: true });
      await rm(`${file}.bin`, { force: true });
    }
  };

  /** After a multi-object delete, drop the mirrored objects the bucket no longer has. */
  const pruneBucket = async (bucket: string): Promise<void> => {
    const present = new Set<string>();
    let token: string | undefined;
    do {
      const page = await options.s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) present.add(objectFileName(object.Key));
      token = page.NextContinuationToken;
    } while (token);
    for (const name of await listSidecars(join(root, bucket))) {
      if (!present.has(name)) {
        await rm(join(root, bucket, `${name}.json`), { force: true });
        await rm(join(root, bucket, `${name}.bin`), { force: true });
      }
    }
  };

  return {
    async restore(bucket) {
      const names = await listSidecars(join(root, bucket));
      for (const name of names) {
        const file = join(root, bucket, name);
        const sidecar = await readJsonFile<ObjectSidecar>(`${file}.json`);
        if (!sidecar) continue;
        await restoreObject(options.s3, bucket, `${file}.bin`, sidecar);
      }
      // Mirrored from now on (the restore's own writes need no mirroring).
      buckets.add(bucket);
      return names.length;
    },
    observe(request) {
      if (request.amzTarget || request.method === 'GET' || request.method === 'HEAD') return;
      if (request.statusCode < 200 || request.statusCode >= 300) return;
      const url = new URL(request.url, 'http://s3.local');
      const [, bucket = '', ...keyParts] = url.pathname.split('/');
      if (!buckets.has(bucket)) return;
      const key = decodeURIComponent(keyParts.join('/'));
      if (key === '') {
        if (url.searchParams.has('delete')) enqueue(bucket, () => pruneBucket(bucket));
        return;
      }
      // Parts and the start of a multipart upload change no object; its completion does.
      if (url.searchParams.has('partNumber') || url.searchParams.has('uploads')) return;
      if (request.method === 'DELETE' && url.searchParams.has('uploadId')) return;
      enqueue(`${bucket}/${key}`, () => mirrorObject(bucket, key));
    },
    async close() {
      while (queues.size > 0) await Promise.all(queues.values());
    },
  };
}

/** Puts a mirrored object back, streamed from its file: in one PUT, or in parts when larger than one request takes. */
async function restoreObject(s3: S3Client, bucket: string, file: string, sidecar: ObjectSidecar): Promise<void> {
  const size = (await stat(file)).size;
  const object = {
    Bucket: bucket,
    Key: sidecar.key,
    ContentType: sidecar.contentType,
    ContentEncoding: sidecar.contentEncoding,
    ContentDisposition: sidecar.contentDisposition,
    CacheControl: sidecar.cacheControl,
    Metadata: sidecar.metadata,
  };
  if (size <= RESTORE_PART_BYTES) {
    await s3.send(new PutObjectCommand({ ...object, Body: createReadStream(file), ContentLength: size }));
    return;
  }
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand(object));
  const parts: { ETag?: string; PartNumber: number }[] = [];
  for (let start = 0; start < size; start += RESTORE_PART_BYTES) {
    const end = Math.min(start + RESTORE_PART_BYTES, size);
    const PartNumber = parts.length + 1;
    const body = createReadStream(file, { start, end: end - 1 });
    const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: sidecar.key, UploadId, PartNumber, Body: body, ContentLength: end - start }));
    parts.push({ ETag, PartNumber });
  }
  await s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: sidecar.key, UploadId, MultipartUpload: { Parts: parts } }));
}

function objectFileName(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

async function listSidecars(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
