/** The data bucket's objects: uploads, import reports, exports. Only this module talks to S3 for them. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { config } from '../config.js';
import { s3Client } from './s3.js';

/** An object's bytes as a stream, read as they are consumed, and its size. */
export async function readObjectStream(key: string): Promise<{ stream: Readable; size: number }> {
  const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key }));
  return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
}

/** The first `bytes` of an object, or null when there is no such object. */
export async function readObjectHead(key: string, bytes: number): Promise<Uint8Array | null> {
  try {
    const answer = await s3Client().send(new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, Range: `bytes=0-${bytes - 1}` }));
    return answer.Body ? await answer.Body.transformToByteArray() : null;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
}

export async function writeObject(key: string, body: string | Uint8Array, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

/**
 * A URL the browser PUTs one object to, valid for `expiresInSeconds`. Where browsers cannot reach
 * S3 itself (the local host's emulator has no CORS) the URL goes through S3_PUBLIC_URL.
 */
export async function presignUpload(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
  const url = await getSignedUrl(s3Client(), new PutObjectCommand({ Bucket: config().DATA_BUCKET, Key: key, ContentType: contentType }), { expiresIn: expiresInSeconds });
  const publicUrl = config().S3_PUBLIC_URL;
  if (!publicUrl) return url;
  const signed = new URL(url);
  return `${publicUrl.replace(/\/$/, '')}${signed.pathname}${signed.search}`;
}
