/**
 * The content bucket of the file manager: objects anyone may fetch through the public URL
 * (CloudFront in AWS, the local host's /content path locally). Only this module talks to S3 for them.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config.js';
import { s3Client } from './s3.js';

/** The content bucket and its public URL; a host without them has no file manager. */
export function contentHosting(): { bucket: string; publicUrl: string } {
  const { CONTENT_BUCKET, CONTENT_PUBLIC_URL } = config();
  if (!CONTENT_BUCKET || !CONTENT_PUBLIC_URL) throw new Error('Content hosting is not configured: set CONTENT_BUCKET and CONTENT_PUBLIC_URL');
  return { bucket: CONTENT_BUCKET, publicUrl: CONTENT_PUBLIC_URL.replace(/\/$/, '') };
}

/** The public URL of an object key (each path segment encoded). */
export function contentUrl(key: string): string {
  return `${contentHosting().publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * A URL the browser PUTs one file to. The length and type are signed: S3 (and the local host's
 * pass-through) refuses a body of another size or type; the confirm step still measures again.
 */
export async function presignContentUpload(key: string, options: { contentType: string; size: number; expiresInSeconds: number }): Promise<string> {
  const command = new PutObjectCommand({
    Bucket: contentHosting().bucket,
    Key: key,
    ContentType: options.contentType,
    ContentLength: options.size,
  });
  const url = await getSignedUrl(s3Client(), command, { expiresIn: options.expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) });
  const publicUrl = config().S3_PUBLIC_URL;
  if (!publicUrl) return url;
  const signed = new URL(url);
  return `${publicUrl.replace(/\/$/, '')}${signed.pathname}${signed.search}`;
}

/** An object's real size and the first `bytes` of it, or null when there is no such object. */
export async function readContentHead(key: string, bytes: number): Promise<{ size: number; head: Uint8Array } | null> {
  const { bucket } = contentHosting();
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const size = head.ContentLength ?? 0;
    if (size === 0) return { size, head: new Uint8Array() };
    const answer = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${Math.min(bytes, size) - 1}` }));
    return { size, head: answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array() };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
}

/**
 * Writes an object's bytes again under another key, stored (and so served) as `contentType`. A
 * read and a put rather than CopyObject: files are at most 10 MB, and the S3 emulator's copy keeps
 * the source's type whatever the request says.
 */
export async function copyContentObject(from: string, to: string, contentType: string): Promise<void> {
  const { bucket } = contentHosting();
  const source = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: from }));
  const body = source.Body ? await source.Body.transformToByteArray() : new Uint8Array();
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: to, Body: body, ContentType: contentType }));
}

export async function deleteContentObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: contentHosting().bucket, Key: key }));
}
