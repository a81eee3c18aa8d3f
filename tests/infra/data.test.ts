import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '../../functions/data/table.js';
import { DATA_BUCKET_PREFIXES, DataStack, EXPORT_RETENTION_DAYS } from '../../infra/stacks/data-stack.js';
import { createTestApp } from './support/platform.js';
import { resourcesOfType } from './support/template.js';

/** The data stack alone: it has no inputs and no functions, so there is nothing to bundle. */
function synthesizeDataStack(isProduction: boolean): Template {
  return Template.fromStack(new DataStack(createTestApp(), 'Data', { isProduction }));
}

let development: Template;
let production: Template;

beforeAll(() => {
  development = synthesizeDataStack(false);
  production = synthesizeDataStack(true);
});

describe('single table', () => {
  it('has the keys, index and TTL attribute of TABLE_DEFINITION', () => {
    // Prepare
    const index = TABLE_DEFINITION.globalSecondaryIndexes[0];

    // Assess
    development.resourceCountIs('AWS::DynamoDB::Table', 1);
    development.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
    });
  });

  it('declares exactly the table and index key attributes, all strings', () => {
    // Prepare
    const keyNames = [
      TABLE_DEFINITION.partitionKey,
      TABLE_DEFINITION.sortKey,
      ...TABLE_DEFINITION.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];

    // Act
    const [table] = Object.values(resourcesOfType(development, 'AWS::DynamoDB::Table'));
    const definitions = table.Properties?.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];

    // Assess
    expect(definitions.map((definition) => definition.AttributeName).sort()).toEqual([...keyNames].sort());
    expect(new Set(definitions.map((definition) => definition.AttributeType))).toEqual(new Set(['S']));
  });

  it('bills per request and keeps point-in-time recovery', () => {
    // Assess
    development.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('is protected from deletion and retained in production only', () => {
    // Assess
    production.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    development.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('data bucket', () => {
  it('is private, encrypted, logged, and expires exports', () => {
    // Assess
    development.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'data-bucket/' }),
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Prefix: DATA_BUCKET_PREFIXES.exports, ExpirationInDays: EXPORT_RETENTION_DAYS, Status: 'Enabled' }),
          ]),
        },
      }),
    });
  });

  it('takes presigned browser uploads (PUT only) and lets only the import functions read and sign import files', () => {
    // Assess
    development.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['PUT', 'GET'], AllowedHeaders: ['content-type'] })] },
    });
    const policies = resourcesOfType(development, 'AWS::IAM::ManagedPolicy');
    const actions = Object.values(policies).map((policy) => JSON.stringify(policy.Properties?.PolicyDocument));
    expect(actions.some((document) => document.includes('"s3:GetObject"') && document.includes('/imports/*'))).toBe(true);
    expect(actions.some((document) => document.includes('"s3:PutObject"') && document.includes('/imports/*'))).toBe(true);
  });

  it('lets the export functions write and sign export files only, with nothing wider than exports/', () => {
    // Act
    const policies = Object.values(resourcesOfType(development, 'AWS::IAM::ManagedPolicy')).map((policy) => JSON.stringify(policy.Properties?.PolicyDocument));
    const exportPolicies = policies.filter((document) => document.includes('/exports/*'));

    // Assess
    expect(exportPolicies).toHaveLength(2);
    expect(exportPolicies.some((document) => document.includes('"Action":"s3:GetObject"'))).toBe(true);
    expect(exportPolicies.some((document) => document.includes('"s3:PutObject"') && document.includes('"s3:AbortMultipartUpload"') && document.includes('"s3:DeleteObject"'))).toBe(true);
    for (const document of exportPolicies) expect(document).not.toContain('/imports/*');
  });

  it('lets the templates function read, write and delete template content only, with nothing wider than templates/', () => {
    // Act
    const policies = Object.values(resourcesOfType(development, 'AWS::IAM::ManagedPolicy')).map((policy) => JSON.stringify(policy.Properties?.PolicyDocument));
    const templatePolicies = policies.filter((document) => document.includes(`/${DATA_BUCKET_PREFIXES.templates}*`));

    // Assess
    expect(templatePolicies).toHaveLength(1);
    const statements = JSON.parse(templatePolicies[0]).Statement as Array<{ Action: string[] }>;
    expect(statements.flatMap((statement) => statement.Action).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    for (const other of ['/imports/*', '/exports/*']) expect(templatePolicies[0]).not.toContain(other);
  });

  it('refuses every request that is not over TLS, on both buckets', () => {
    // Act
    const policies = Object.values(resourcesOfType(development, 'AWS::S3::BucketPolicy'));

    // Assess
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('{"aws:SecureTransport":"false"}');
    }
  });
});

describe('JWT secret', () => {
  it('is generated as a 64-character string without punctuation', () => {
    // Assess
    development.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
  });
});
