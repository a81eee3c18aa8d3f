/** The data bucket's objects: uploads, import reports, exports. Only this module talks to S3 for them. */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, pipeline, Writable, type Readable } from 'node:stream';
import { config } from '../config.js';
import { s3Client } from './s3.js';

/** An object's bytes as a stream, read as they are consumed, and its size. */
export async function readObjectStream(key: string): Promise<{ stream: Readable; size: number }> {
  const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key }));
  return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
}

/**
 * An object read by byte ranges, each range one ranged GET streamed as it is consumed (a ZIP
 * archive is read by its central directory), and its size; null when there is no such object.
 */
export async function readObjectRanges(key: string): Promise<{ size: number; readRange(start: number, end: number): Readable } | null> {
  let size: number;
  try {
    size = (await s3Client().send(new HeadObjectCommand({ Bucket: config().DATA_BUCKET, Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  return { size, readRange: (start, end) => readObjectRange(key, start, end) };
}

/** Bytes `start` to `end` (exclusive) of an object, as a stream at once (the GET answers into it). */
function readObjectRange(key: string, start: number, end: number): Readable {
  const output = new PassThrough();
  if (end <= start) return output.end();
  s3Client()
    .send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, Range: `bytes=${start}-${end - 1}` }))
    .then((answer) => {
      const body = answer.Body as Readable;
      // A reader that stopped before the answer came wants none of it.
      if (output.destroyed) body.destroy();
      else pipeline(body, output, () => undefined);
    })
    .catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** The first `bytes` of an object, or null when there is no such object. */
export async function readObjectHead(key: string, bytes: number): Promise<Uint8Array | null> {
  try {
    const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, Range: `bytes=0-${bytes - 1}` }));
    return answer.Body ? await answer.Body.transformToByteArray() : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** A small object's text, or null when there is no such object. */
export async function readObjectText(key: string): Promise<string | null> {
  try {
    const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key }));
    return answer.Body ? await answer.Body.transformToString('utf-8') : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export async function writeObject(key: string, body: string | Uint8Array, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

/**
 * A URL the browser PUTs one object to, valid for `expiresInSeconds`. The type is signed, so the
 * object cannot be stored as another (a page, say). Where browsers cannot reach S3 itself (the
 * local host's emulator has no CORS) the URL goes through S3_PUBLIC_URL.
 */
export async function presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
  const command = new PutObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, ContentType: contentType });
  const url = await getSignedUrl(s3Client(), command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']) });
  return browserUrl(url);
}

/** A presigned URL as browsers reach it: through S3_PUBLIC_URL where they cannot reach S3 itself. */
function browserUrl(url: string): string {
  const publicUrl = config().S3_PUBLIC_URL;
  if (!publicUrl) return url;
  const signed = new URL(url);
  return `${publicUrl.replace(/\/$/, '')}${signed.pathname}${signed.search}`;
}

/**
 * A URL the browser GETs one object from, valid for `expiresInSeconds` (S3 checks the time when
 * the request starts, so a long download that began in time completes). The object's own
 * Content-Disposition names the downloaded file.
 */
export async function presignDownload(key: string, expiresInSeconds: number, options: { fileName?: string } = {}): Promise<string> {
  // A name on the link overrides the object's own (an upload has none; a report list's depends on the upload's).
  const disposition = options.fileName === undefined ? undefined : attachmentDisposition(options.fileName);
  const command = new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, ResponseContentDisposition: disposition });
  return browserUrl(await getSignedUrl(s3Client(), command, { expiresIn: expiresInSeconds }));
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config().DATA_BUCKET, Key: key }));
}

/** `attachment` with the file name for every browser: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Parts of a streamed upload: S3's smallest (every part but the last is 5 MiB to 5 GiB, at most
 * 10,000 parts, so objects up to 50 GB), because a writer holds up to two parts per object and an
 * import writes four lists at once.
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/**
 * A new object written as a stream: bytes are cut into parts of UPLOAD_PART_BYTES of a multipart
 * upload, one part uploading while the next fills, so memory stays at two parts and one write
 * whatever the object's size (`peakHeldBytes` says how much it held at most). A write waits while
 * a part before it is still uploading (back-pressure). An object smaller than one part is a single
 * PUT. `end()` completes the object; `abort()` (or a failure) leaves nothing.
 */
export class ObjectUpload extends Writable {
  /** Bytes written so far; the object's size once finished. */
  size = 0;
  /** Parts sent so far (0 for an object sent with one PUT). */
  partCount = 0;
  /** The most bytes this writer held at once: those not yet cut into a part, and parts not yet acknowledged. */
  peakHeldBytes = 0;
  private unacknowledged = 0;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private readonly parts: CompletedPart[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private completed = false;
  private finishing: Promise<void> | null = null;
  private discarding: Promise<void> | null = null;

  constructor(
    private readonly key: string,
    private readonly headers: { contentType: string; contentDisposition?: string },
    /** Another bucket than the data bucket (the local host's upload pass-through to the content bucket). */
    private readonly bucketName?: string,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.size += chunk.length;
    this.noteHeld();
    if (this.buffered < UPLOAD_PART_BYTES) {
      done();
      return;
    }
    this.sendFullParts().then(() => done(), (error: unknown) => done(asError(error)));
  }

  override _final(done: (error?: Error | null) => void): void {
    this.finishing = this.complete();
    this.finishing.then(() => done(), (error: unknown) => done(asError(error)));
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.discardUpload().then(() => done(error), () => done(error));
  }

  /** Stops the upload and removes what it wrote (the parts, or the completed object). */
  async abort(): Promise<void> {
    if (!this.destroyed) this.destroy();
    await this.finishing?.catch(() => undefined);
    await this.discardUpload();
    if (this.completed) await deleteObject(this.key);
  }

  private get bucket(): string {
    return this.bucketName ?? config().DATA_BUCKET;
  }

  private noteHeld(): void {
    this.peakHeldBytes = Math.max(this.peakHeldBytes, this.buffered + this.unacknowledged);
  }

  /** The first `bytes` of the buffered bytes (all of them by default); the rest stays buffered. */
  private takeBuffered(bytes = this.buffered): Buffer {
    const all = Buffer.concat(this.chunks, this.buffered);
    const body = all.subarray(0, bytes);
    // The rest copied, so a sent part's memory is not kept alive by the bytes after it.
    this.chunks = bytes < all.length ? [Buffer.from(all.subarray(bytes))] : [];
    this.buffered = all.length - body.length;
    return body;
  }

  /** Parts of exactly UPLOAD_PART_BYTES, so every part but the last has the same size. */
  private async sendFullParts(): Promise<void> {
    while (this.buffered >= UPLOAD_PART_BYTES) await this.sendPart(UPLOAD_PART_BYTES);
  }

  /** Sends the buffered bytes (up to `bytes`) as the next part once the part before it is done; does not wait for this one. */
  private async sendPart(bytes?: number): Promise<void> {
    const body = this.takeBuffered(bytes);
    this.unacknowledged += body.length;
    await this.inFlight;
    if (this.failure) {
      this.unacknowledged -= body.length;
      throw this.failure;
    }
    if (!this.uploadId) {
      const created = await s3Client().send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, ContentType: this.headers.contentType, ContentDisposition: this.headers.contentDisposition }),
      );
      this.uploadId = created.UploadId;
    }
    this.partCount += 1;
    const partNumber = this.partCount;
    // Kept as a settled promise: a failure is rethrown at the next write or at the end, never unhandled.
    this.inFlight = s3Client()
      .send(new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber: partNumber, Body: body }))
      .then(
        (answer) => {
          this.parts.push({ ETag: answer.ETag, PartNumber: partNumber });
        },
        (error: unknown) => {
          this.failure = error;
        },
      )
      .finally(() => {
        this.unacknowledged -= body.length;
      });
  }

  private async complete(): Promise<void> {
    if (!this.uploadId) {
      await s3Client().send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body: this.takeBuffered(), ContentType: this.headers.contentType, ContentDisposition: this.headers.contentDisposition }),
      );
      this.completed = true;
      return;
    }
    if (this.buffered > 0) await this.sendPart();
    await this.inFlight;
    if (this.failure) throw this.failure;
    const parts = [...this.parts].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await s3Client().send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: parts } }));
    this.completed = true;
  }

  /** Aborts an unfinished multipart upload, once however often it is asked. */
  private discardUpload(): Promise<void> {
    this.discarding ??= (async () => {
      await this.inFlight;
      if (this.uploadId && !this.completed) {
        await s3Client().send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }));
      }
    })();
    return this.discarding;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
