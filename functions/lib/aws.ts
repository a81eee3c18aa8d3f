/**
 * The one place AWS SDK clients are built. Every client honours AWS_ENDPOINT_URL and the
 * service-specific AWS_ENDPOINT_URL_<SERVICE> variables (read by the SDK itself), so the same code
 * runs against the embedded emulators, LocalStack or AWS by configuration alone.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';

const clients = new Map<string, unknown>();

function once<T>(name: string, build: () => T): T {
  if (!clients.has(name)) clients.set(name, build());
  return clients.get(name) as T;
}

/** Emulators and LocalStack serve buckets by path, not by virtual host. */
function usesCustomS3Endpoint(): boolean {
  return Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL);
}

export function documentClient(): DynamoDBDocumentClient {
  return once('dynamodb', () =>
    DynamoDBDocumentClient.from(new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
  );
}

export function s3Client(): S3Client {
  return once('s3', () => new S3Client({ forcePathStyle: usesCustomS3Endpoint() }));
}

export function sqsClient(): SQSClient {
  return once('sqs', () => new SQSClient({}));
}

export function sesClient(): SESv2Client {
  return once('ses', () => new SESv2Client({}));
}

export function secretsClient(): SecretsManagerClient {
  return once('secrets', () => new SecretsManagerClient({}));
}

export function managementClient(endpoint: string): ApiGatewayManagementApiClient {
  return once(`ws:${endpoint}`, () => new ApiGatewayManagementApiClient({ endpoint }));
}

/** Drops cached clients, for the local host and tests that change endpoints at run time. */
export function resetClientsForTests(): void {
  clients.clear();
}
