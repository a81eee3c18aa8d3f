/**
 * State that outlives every deploy: the single table, the private data bucket and the token
 * signing secret. Nothing here depends on another stack.
 */
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/table.js';
import { DATA_OBJECT_PREFIXES } from '../../functions/data/object-keys.js';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { acknowledgeWildcardResource } from '../constructs/nag.js';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import { AccessLogBucket, PrivateBucket } from '../constructs/private-bucket.js';
import { EXPORT_FILE_RETENTION_DAYS } from '../../shared/schemas/exports.js';

/** Object key prefixes of the data bucket that the grants and lifecycle rules act on (layouts in functions/data/object-keys.ts). */
export const DATA_BUCKET_PREFIXES = DATA_OBJECT_PREFIXES;

/** The product's retention of export files (shared/schemas/exports.ts), enforced by a lifecycle rule. */
export const EXPORT_RETENTION_DAYS = EXPORT_FILE_RETENTION_DAYS;

export type DataStackProps = StackProps & {
  /** Production keeps data when the stack is deleted and protects the table from deletion. */
  isProduction: boolean;
};

export class DataStack extends Stack {
  readonly table: Table;
  readonly dataBucket: PrivateBucket;
  readonly jwtSecret: Secret;
  /** Stripe's secret API key and the webhook endpoint's signing secret: placeholders until the operator puts the account's values in (README, Deploying). */
  readonly stripeSecrets: { secretKey: Secret; webhookSecret: Secret };
  /** GetObject and PutObject on import files, attached to the functions that read or sign uploads. */
  readonly importFilePolicies: { read: ManagedPolicy; upload: ManagedPolicy; report: ManagedPolicy };
  /** GetObject (signing download links) and writes (the export worker) on export files. */
  readonly exportFilePolicies: { read: ManagedPolicy; write: ManagedPolicy };
  /** Read, write and delete template content versions, attached to the templates API function. */
  readonly templateContentPolicy: ManagedPolicy;
  /** Read, write and delete campaign commands (campaigns/ prefix of the data bucket). */
  readonly campaignContentPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const removalPolicy = props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.isProduction,
      removalPolicy,
    });
    for (const index of TABLE_DEFINITION.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    this.dataBucket = new PrivateBucket(this, 'DataBucket', {
      serverAccessLogsBucket: new AccessLogBucket(this, 'AccessLogs'),
      serverAccessLogsPrefix: 'data-bucket/',
      // Uploads and generated files are customer data: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
      // Browsers PUT import files straight here and GET import report lists (a redirect the app's
      // fetch follows) with presigned URLs: the signature is the authorisation, so any origin may
      // carry one, as the app's URL is only known to a later stack.
      cors: [{ allowedMethods: [HttpMethods.PUT, HttpMethods.GET], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3600 }],
      lifecycleRules: [
        { prefix: DATA_BUCKET_PREFIXES.exports, expiration: Duration.days(EXPORT_RETENTION_DAYS) },
        // Imports stream large files in parts; an abandoned upload should not cost storage forever.
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    const uploads = this.dataBucket.arnForObjects(`${DATA_BUCKET_PREFIXES.imports}*`);
    const importPolicy = (id: string, description: string, actions: string[]) => {
      const policy = new ManagedPolicy(this, id, { description, statements: [new PolicyStatement({ actions, resources: [uploads] })] });
      acknowledgeWildcardResource(policy, uploads, `Uploads and their reports are keyed by account and import id under imports/; only ${actions.join(', ')} allowed.`);
      return policy;
    };
    this.importFilePolicies = {
      read: importPolicy('ReadImportFilesPolicy', 'Read uploaded contact import files of the campaign platform', ['s3:GetObject']),
      upload: importPolicy('UploadImportFilesPolicy', 'Sign browser uploads of contact import files of the campaign platform', ['s3:PutObject']),
      // PutObject covers the multipart calls that create, upload and complete a row list.
      report: importPolicy('WriteImportReportsPolicy', 'Write the row lists of contact import reports of the campaign platform', ['s3:PutObject', 's3:AbortMultipartUpload']),
    };

    const exportFiles = this.dataBucket.arnForObjects(`${DATA_BUCKET_PREFIXES.exports}*`);
    const exportPolicy = (id: string, description: string, actions: string[]) => {
      const policy = new ManagedPolicy(this, id, { description, statements: [new PolicyStatement({ actions, resources: [exportFiles] })] });
      acknowledgeWildcardResource(policy, exportFiles, `Export files are keyed by account, export and run under exports/; only ${actions.join(', ')} allowed.`);
      return policy;
    };
    this.exportFilePolicies = {
      read: exportPolicy('ReadExportFilesPolicy', 'Sign download links of contact export files of the campaign platform', ['s3:GetObject']),
      // PutObject covers the multipart calls that create, upload and complete; a run removes its own file when it loses the job.
      write: exportPolicy('WriteExportFilesPolicy', 'Write contact export files of the campaign platform', ['s3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject']),
    };

    const templateObjects = this.dataBucket.arnForObjects(`${DATA_BUCKET_PREFIXES.templates}*`);
    // A save writes a new version, switches to it and deletes the old one; a read fetches one.
    this.templateContentPolicy = new ManagedPolicy(this, 'TemplateContentPolicy', {
      description: 'Read, write and delete template content of the campaign platform',
      statements: [new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [templateObjects] })],
    });
    acknowledgeWildcardResource(
      this.templateContentPolicy,
      templateObjects,
      'Template content is keyed by account, template and version under templates/; only s3:GetObject, s3:PutObject, s3:DeleteObject allowed.',
    );

    const campaignObjects = this.dataBucket.arnForObjects(`${DATA_BUCKET_PREFIXES.campaigns}*`);
    this.campaignContentPolicy = new ManagedPolicy(this, 'CampaignContentPolicy', {
      description: 'Read, write and delete campaign commands of the campaign platform',
      statements: [new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [campaignObjects] })],
    });
    acknowledgeWildcardResource(
      this.campaignContentPolicy,
      campaignObjects,
      'Campaign commands are keyed by account, campaign and version under campaigns/; only s3:GetObject, s3:PutObject, s3:DeleteObject allowed.',
    );

    // A plain 64-character string: functions/lib/jwt.ts uses SecretString as the HS256 key.
    this.jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'HS256 signing key of session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    Validations.of(this.jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the signing key signs every user out unless verification accepts the previous key too; the token code reads one key, so rotation waits for dual-key verification.',
    });

    this.stripeSecrets = {
      secretKey: new Secret(this, 'StripeSecretKey', { description: "Stripe's secret API key (sk_live_… or a restricted rk_live_…); set it after the first deploy", removalPolicy }),
      webhookSecret: new Secret(this, 'StripeWebhookSecret', { description: "The signing secret (whsec_…) of Stripe's webhook endpoint for /api/v1/webhooks/stripe; set it after the first deploy", removalPolicy }),
    };
    for (const secret of Object.values(this.stripeSecrets)) {
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: "Stripe's keys are rolled in Stripe's dashboard, not by a rotation Lambda; the operator puts the new value here." });
    }
  }
}
