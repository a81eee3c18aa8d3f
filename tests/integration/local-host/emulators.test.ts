import { DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../../functions/lib/aws/dynamodb.js';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { useTestTable } from '../../helpers/emulators.js';

const table = await useTestTable();

describe('useTestTable on the shared emulators', () => {
  it('creates the table from TABLE_DEFINITION, with GSI1 and TTL on expiresAt', async () => {
    // Act
    const { Table } = await documentClient().send(new DescribeTableCommand({ TableName: table.tableName }));
    const ttl = await documentClient().send(new DescribeTimeToLiveCommand({ TableName: table.tableName }));

    // Assess
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['GSI1']);
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('expiresAt');
  });

  it('points the shared SDK clients at the emulators through process.env', async () => {
    // Prepare
    const item = { PK: 'T#1', SK: 'PING', value: 42 };

    // Act
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: item }));
    await s3Client().send(new PutObjectCommand({ Bucket: process.env.DATA_BUCKET, Key: 'a/b.txt', Body: 'hello' }));
    const read = await documentClient().send(new GetCommand({ TableName: table.tableName, Key: { PK: 'T#1', SK: 'PING' } }));
    const object = await s3Client().send(new GetObjectCommand({ Bucket: table.bucket, Key: 'a/b.txt' }));

    // Assess
    expect(read.Item).toEqual(item);
    expect(await object.Body?.transformToString()).toBe('hello');
  });

  it('gives every queue a dead-letter queue with the declared maxReceiveCount', async () => {
    // Act
    const { Attributes } = await sqsClient().send(
      new GetQueueAttributesCommand({ QueueUrl: process.env.QUEUE_URL_OUTBOUND_MAIL, AttributeNames: ['All'] }),
    );

    // Assess
    expect(Attributes?.VisibilityTimeout).toBe('60');
    expect(JSON.parse(Attributes?.RedrivePolicy ?? '{}')).toMatchObject({ maxReceiveCount: 5 });
  });
});
