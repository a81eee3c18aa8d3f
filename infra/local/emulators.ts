/**
 * The embedded AWS emulators, shared by the local host and the test setup: DynamoDB Local (Java
 * child) and fauxqs (a Node child), plus the resources the product expects, created from the same
 * definitions CDK reads (TABLE_DEFINITION, QUEUES).
 */
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TABLE_DEFINITION } from '../../functions/data/table.js';
import { QUEUES, type QueueDefinition, type QueueName } from '../../functions/routes.js';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { startFauxqsProcess, startFauxqsServer, type EmulatorRequest } from './fauxqs-server.js';

export type { EmulatorRequest } from './fauxqs-server.js';

/** The variables that point the AWS SDK (and so every handler) at the emulators. */
export type EmulatorEnv = {
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_ENDPOINT_URL_SQS: string;
  AWS_ENDPOINT_URL_S3: string;
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  /** DynamoDB Local serialises writes: bulk writers send one at a time (functions/lib/config.ts). */
  STORE_WRITES_IN_FLIGHT: string;
  /** On disk DynamoDB Local commits each item of a batch on its own, a transaction at once (functions/lib/config.ts). */
  STORE_BULK_WRITES: 'batch' | 'transaction';
};

/** Creates the product's resources on running emulators (from the test workers too, by env). */
export type EmulatorResources = {
  /** Creates the single table (idempotent: an existing table is left as it is). */
  createTable(name: string): Promise<void>;
  /** Creates each queue (QUEUES by default) with its dead-letter queue; answers the URLs by name. */
  createQueues(prefix: string, definitions?: readonly QueueDefinition[]): Promise<Record<QueueName, string>>;
  /** Creates a bucket (idempotent). */
  createBucket(name: string): Promise<void>;
};

export type Emulators = EmulatorResources & { env: EmulatorEnv; stop(): Promise<void> };

export type StartEmulatorsOptions = {
  /** Persist DynamoDB Local under this folder; in memory when absent. */
  dataDir?: string;
  /**
   * A DynamoDB Local already running (whose owner stops it): no JVM is started. The e2e files share
   * one, as the integration files do, instead of paying a JVM start each.
   */
  dynamoDbEndpoint?: string;
  /** Observes each finished SQS/S3 request (the local host mirrors S3 and journals SQS with it). */
  onFauxqsRequest?: (request: EmulatorRequest) => void;
  /**
   * Tests: fauxqs in this process, which starts and answers faster on a busy machine; its objects
   * then count against this process's memory, which `npm start` avoids with a process of its own.
   */
  fauxqsInProcess?: boolean;
};

/** Starts both emulators concurrently (DynamoDB Local needs ~2.3 s, fauxqs about a second). */
export async function startEmulators(options: StartEmulatorsOptions = {}): Promise<Emulators> {
  const [dynamo, fauxqs] = await Promise.allSettled([
    options.dynamoDbEndpoint ? runningDynamoDb(options.dynamoDbEndpoint) : startDynamoDbLocal({ dataDir: options.dataDir }),
    (options.fauxqsInProcess ? startFauxqsServer : startFauxqsProcess)({ onRequest: options.onFauxqsRequest }),
  ]);
  if (dynamo.status === 'rejected' || fauxqs.status === 'rejected') {
    // Whichever did start must not outlive the failure (a JVM would keep running).
    if (dynamo.status === 'fulfilled') await dynamo.value.stop();
    if (fauxqs.status === 'fulfilled') await fauxqs.value.stop();
    throw dynamo.status === 'rejected' ? dynamo.reason : fauxqs.status === 'rejected' ? fauxqs.reason : undefined;
  }

  const env: EmulatorEnv = {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.value.endpoint,
    AWS_ENDPOINT_URL_SQS: fauxqs.value.endpoint,
    AWS_ENDPOINT_URL_S3: fauxqs.value.endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    STORE_WRITES_IN_FLIGHT: '1',
    STORE_BULK_WRITES: options.dataDir && !options.dynamoDbEndpoint ? 'transaction' : 'batch',
  };
  const resources = emulatorResources(env);
  return {
    ...resources,
    env,
    stop: async () => {
      resources.destroy();
      await Promise.all([dynamo.value.stop(), fauxqs.value.stop()]);
    },
  };
}

function runningDynamoDb(endpoint: string): Promise<Pick<DynamoDbLocal, 'endpoint' | 'stop'>> {
  return Promise.resolve({ endpoint, stop: async () => {} });
}

/** SDK clients aimed at the emulators of `env`; `destroy()` releases their sockets. */
export function emulatorResources(env: EmulatorEnv): EmulatorResources & { destroy(): void } {
  const clientOptions = {
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
  const dynamodb = new DynamoDBClient({ ...clientOptions, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB });
  const sqs = new SQSClient({ ...clientOptions, endpoint: env.AWS_ENDPOINT_URL_SQS });
  const s3 = new S3Client({ ...clientOptions, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
  return {
    createTable: (name) => createTable(dynamodb, name),
    createQueues: (prefix, definitions = QUEUES) => createQueues(sqs, prefix, definitions),
    createBucket: async (name) => {
      await s3.send(new CreateBucketCommand({ Bucket: name })).catch(ignoreAlreadyOwned);
    },
    destroy: () => {
      for (const client of [dynamodb, sqs, s3]) client.destroy();
    },
  };
}

/** The environment variable carrying a queue's URL: `outbound-mail` → QUEUE_URL_OUTBOUND_MAIL. */
export function queueUrlEnvName(name: QueueName): string {
  return `QUEUE_URL_${name.toUpperCase().replaceAll('-', '_')}`;
}

/** The QUEUE_URL_* variables of created queues. */
export function queueUrlVariables(
  definitions: readonly QueueDefinition[],
  queueUrls: Record<QueueName, string>,
): Record<string, string> {
  return Object.fromEntries(definitions.map((definition) => [queueUrlEnvName(definition.name), queueUrls[definition.name]]));
}

/** Name of a queue's dead-letter queue. */
export function deadLetterQueueName(queueName: string): string {
  return `${queueName}-dlq`;
}

async function createTable(client: DynamoDBClient, name: string): Promise<void> {
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = TABLE_DEFINITION;
  const keyNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  try {
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyNames.map((key) => ({ AttributeName: key, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
  } catch (error) {
    if (error instanceof ResourceInUseException) return;
    throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 0.1, maxDelay: 0.5 }, { TableName: name });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    }),
  );
}

async function createQueues(
  client: SQSClient,
  prefix: string,
  definitions: readonly QueueDefinition[],
): Promise<Record<QueueName, string>> {
  const entries = await Promise.all(
    definitions.map(async (definition) => [definition.name, await createQueueWithDlq(client, prefix, definition)] as const),
  );
  return Object.fromEntries(entries) as Record<QueueName, string>;
}

async function createQueueWithDlq(client: SQSClient, prefix: string, definition: QueueDefinition): Promise<string> {
  const queueName = `${prefix}${definition.name}`;
  const dlq = await client.send(new CreateQueueCommand({ QueueName: deadLetterQueueName(queueName) }));
  const dlqAttributes = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: queueName,
      Attributes: {
        VisibilityTimeout: String(definition.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlqAttributes.Attributes?.QueueArn,
          maxReceiveCount: definition.maxReceiveCount,
        }),
      },
    }),
  );
  if (!queue.QueueUrl) throw new Error(`fauxqs answered no URL for queue ${queueName}`);
  return queue.QueueUrl;
}

function ignoreAlreadyOwned(error: unknown): void {
  const name = error instanceof Error ? error.name : '';
  if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
}
