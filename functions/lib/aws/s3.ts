import { S3Client } from '@aws-sdk/client-s3';
import { once } from './clients.js';

/** Emulators and LocalStack serve buckets by path, not by virtual host. */
function usesCustomS3Endpoint(): boolean {
  return Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL);
}

export function s3Client(): S3Client {
  // Checksums only where S3 requires them: a presigned PUT would otherwise carry the CRC32 of an
  // empty body, and S3 refuses the browser's upload as a bad digest.
  return once('s3', () => new S3Client({ forcePathStyle: usesCustomS3Endpoint(), requestChecksumCalculation: 'WHEN_REQUIRED' }));
}
