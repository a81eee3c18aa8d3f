/**
 * The configuration every platform Lambda gets: its environment (exactly the variables
 * functions/lib/config.ts reads) and its permissions (only what its role needs, from the map below).
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IManagedPolicy, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Config } from '../../functions/lib/config.js';
import { TABLE_DEFINITION } from '../../functions/data/table.js';
import type { ApiGroup, QueueName } from '../../functions/routes.js';
import { DEFAULT_IDLE_TIME_MS } from '../../shared/constants.js';
import { acknowledgeWildcardResource } from './nag.js';

/** What a function may do beyond writing its own logs. */
export type Capability =
  | 'readTable'
  | 'readWriteTable'
  /** Scan the whole table: data migrations only, which look at every account's items once. */
  | 'scanTable'
  | 'readJwtSecret'
  /** Send to the outbound-mail queue (mail is never sent from a request). */
  | 'enqueueMail'
  /** SES SendEmail from the MAIL_FROM identity. */
  | 'sendMail'
  /** SES SendEmail (raw content) from any verified identity of the account, through the campaign configuration set. */
  | 'sendCampaignMail'
  /**
   * End User Messaging SendTextMessage and SendMediaMessage from any origination identity, through
   * the campaign SMS configuration set; GetObject on hosted files, which MMS media are (the service
   * reads them as the caller).
   */
  | 'sendCampaignSms'
  /** Post to and close WebSocket connections (socket events of spec §7). */
  | 'publishToSockets'
  /** Read uploaded import files (the data bucket's imports/ prefix). */
  | 'readImportFiles'
  /** Sign upload URLs for import files: PutObject under imports/ (the browser's PUT runs with it). */
  | 'presignImportUploads'
  /** Write import outcomes and report row lists under imports/ (streamed multipart uploads). */
  | 'writeImportReports'
  /** Send to the contact-import queue. */
  | 'enqueueImports'
  /** Write export files (the data bucket's exports/ prefix): streamed multipart uploads, removal of a run's own file. */
  | 'writeExportFiles'
  /** Sign download links for export files: GetObject under exports/ (the browser's GET runs with it). */
  | 'presignExportDownloads'
  /** Send to the export queue. */
  | 'enqueueExports'
  /** Read, write and delete template content versions (the data bucket's templates/ prefix). */
  | 'readWriteTemplateContent'
  /** Sign uploads to, read the head of and delete hosted files (the content bucket). */
  | 'readWriteContentFiles'
  /** Read and write campaign commands (the data bucket's campaigns/ prefix). */
  | 'readWriteCampaignContent'
  /** Send to the campaign-plan and campaign-delivery queues. */
  | 'enqueueCampaignWork'
  /** Send to the delivery-events queue (tracking links record opens, clicks and unsubscribes through it). */
  | 'enqueueDeliveryEvents'
  /** SES v2 CreateEmailIdentity, GetEmailIdentity, DeleteEmailIdentity and PutEmailIdentityMailFromAttributes: the accounts' sender domains. */
  | 'manageSenderDomains'
  /** Send to the webhook-deliveries queue (events for the accounts' webhook endpoints, and retries). */
  | 'enqueueWebhookDeliveries'
  /** Read Stripe's secret key and webhook signing secret (the payments adapter). */
  | 'useStripe';

type Capabilities = readonly Capability[];

/**
 * Who may do what: the one place to change a function's permissions, kept to what each module's
 * code does today. Routes that verify a session token read the signing secret; a module whose
 * routes call functions/services/notifications/realtime.ts `publish()` or `broadcast()` has 'publishToSockets';
 * one that changes a campaign's state, ends an import or records recipients' outcomes tells the
 * account's webhooks (functions/services/webhooks/events.ts) and has 'enqueueWebhookDeliveries'.
 */
export const FUNCTION_ACCESS: {
  api: Readonly<Record<ApiGroup, Capabilities>>;
  websocket: Capabilities;
  workers: Readonly<Record<QueueName, Capabilities>>;
  jobs: Readonly<Record<string, Capabilities>>;
} = {
  api: {
    // Sign-up, login and refresh write accounts, sessions and rate-limit counters, and sign tokens;
    // a login tells the user's other browsers (newLogin); a logout closes the session's sockets.
    auth: ['readWriteTable', 'readJwtSecret', 'publishToSockets'],
    // Public and static: answers from its environment only.
    config: [],
    // The UI language is stored on the user.
    user: ['readWriteTable', 'readJwtSecret'],
    // Verification codes and password changes; codes leave by mail through the queue; a password
    // change ends the other sessions and tells their tabs (changedPassword).
    account: ['readWriteTable', 'readJwtSecret', 'enqueueMail', 'publishToSockets'],
    // Reads only, but a call made with an API key counts against the key's rate and marks it used.
    dashboard: ['readWriteTable', 'readJwtSecret'],
    // Read, delete and settings write notifications and the unread counter; reads and deletes tell
    // the user's other tabs (acknowledge). No route creates a notification, so none sends mail.
    notifications: ['readWriteTable', 'readJwtSecret', 'publishToSockets'],
    // Opening, removing and mark-all-read store the user's marks.
    announcements: ['readWriteTable', 'readJwtSecret'],
    // Announcements are written and broadcast; force-logout and locks end sessions and tell the tabs;
    // sender ID decisions notify the account (smsIdentity: stored, pushed, mailed by the user's settings).
    admin: ['readWriteTable', 'readJwtSecret', 'enqueueMail', 'publishToSockets'],
    // Cart lines and options are written (priced from the pricebook deployed with the code); each
    // change tells the user's tabs the new count (updateShoppingCart).
    'shopping-cart': ['readWriteTable', 'readJwtSecret', 'publishToSockets'],
    // Cards, orders and plans: orders, plans, ledger entries and credits are written in one
    // transaction when Stripe says an order is paid; the account's tabs are told (creditsChanged).
    // A paid order's receipt is mailed to the invoice recipients through the queue.
    payments: ['readWriteTable', 'readJwtSecret', 'publishToSockets', 'enqueueMail', 'useStripe'],
    // Billing info and invoice recipients are written (the login email's row is read from the account).
    billing: ['readWriteTable', 'readJwtSecret'],
    // Contacts and fields are written; a free account crossing 75% or 100% of its contact limit
    // gets a contactLimit notification (stored, pushed, mailed by the owner's settings); a
    // subscription turned on or off by hand tells the account's webhooks.
    contacts: ['readWriteTable', 'readJwtSecret', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
    // Groups and their membership sets are written; counts and recipient resolution read contacts;
    // a membership change tells the account's tabs the group's size (mlst).
    groups: ['readWriteTable', 'readJwtSecret', 'publishToSockets'],
    search: ['readTable', 'readJwtSecret'],
    // Imports are stored and queued; preview reads the upload's first bytes; presigning needs
    // no permission of its own (the URL carries the worker-independent upload grant below).
    imports: ['readWriteTable', 'readJwtSecret', 'readImportFiles', 'presignImportUploads', 'enqueueImports'],
    // Exports are stored and queued; a finished export's file is handed out as a presigned GET.
    exports: ['readWriteTable', 'readJwtSecret', 'presignExportDownloads', 'enqueueExports'],
    // Template metadata, name claims and edit locks are written; content versions live in the bucket.
    // Sharing tells the other account (templateShare: stored, pushed, mailed by the user's settings).
    templates: ['readWriteTable', 'readJwtSecret', 'readWriteTemplateContent', 'enqueueMail', 'publishToSockets'],
    // Folders, files and the usage counter are written; uploads are signed, measured and sniffed,
    // deleted files removed; crossing 75% or 100% of the quota tells the owner (storageLimit).
    'file-manager': ['readWriteTable', 'readJwtSecret', 'readWriteContentFiles', 'enqueueMail', 'publishToSockets'],
    // Campaigns, their name claims, edit locks and schedules are written, commands kept in the
    // bucket; a send is queued for the planner; state changes notify (stored, pushed, mailed).
    campaigns: ['readWriteTable', 'readJwtSecret', 'readWriteCampaignContent', 'enqueueCampaignWork', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
    // Reports read counters and lists; a list's export is stored as a job and queued for the export worker.
    'campaign-reports': ['readWriteTable', 'readJwtSecret', 'enqueueExports'],
    // Public tracking links: verified by their signature (the token secret), recorded through the
    // events queue; the online version reads the campaign's command.
    tracking: ['readTable', 'readJwtSecret', 'readWriteCampaignContent', 'enqueueDeliveryEvents'],
    // Sender ID requests and their name claims, and the allowed calling codes, are written.
    'sms-settings': ['readWriteTable', 'readJwtSecret'],
    // API keys and webhook endpoints are written and removed; test events and resends are queued
    // for the webhook worker; the OpenAPI document is built from the contracts.
    developers: ['readWriteTable', 'readJwtSecret', 'enqueueWebhookDeliveries'],
    // Sender addresses, domains and their claims are written; codes leave by mail through the
    // queue; domains are SES identities.
    'sender-identities': ['readWriteTable', 'readJwtSecret', 'enqueueMail', 'manageSenderDomains'],
  },
  // $connect verifies the token from the query string and stores the connection; $disconnect removes it.
  websocket: ['readWriteTable', 'readJwtSecret'],
  workers: {
    // Delivery records make sending idempotent; SES sends.
    'outbound-mail': ['readWriteTable', 'sendMail'],
    // Reads the uploaded file, writes contacts, memberships, the checkpoint and the report's row
    // lists; tells the user how it went (notification: stored, pushed, mailed by the user's settings).
    'contact-import': ['readWriteTable', 'readImportFiles', 'writeImportReports', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
    // Reads contacts or a campaign report's list, streams the file into the bucket, moves the job; tells the user how it went
    // (progress, and a notification: stored, pushed, mailed by the user's settings).
    export: ['readWriteTable', 'writeExportFiles', 'enqueueMail', 'publishToSockets'],
    // Resolves recipients, reserves credits, writes the audience and enqueues delivery batches.
    'campaign-plan': ['readWriteTable', 'readJwtSecret', 'readWriteCampaignContent', 'enqueueCampaignWork', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
    // Claims, renders (signed links) and sends each recipient's message through SES.
    // A batch far from its rate slot goes back on the delivery queue with a delay.
    // SMS and MMS go through End User Messaging the same way.
    'campaign-delivery': ['readWriteTable', 'readJwtSecret', 'readWriteCampaignContent', 'enqueueCampaignWork', 'sendCampaignMail', 'sendCampaignSms', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
    // Updates reports and suppresses hard-bounced, complaining and unsubscribed addresses; the
    // deliverability guard pauses a run and notifies (stored, pushed, mailed by the user's settings).
    'delivery-events': ['readWriteTable', 'publishToSockets', 'enqueueMail', 'enqueueWebhookDeliveries'],
    // Opt-out keywords (STOP) unsubscribe the number in every account that holds it and count in
    // the latest SMS campaign's report, where the deliverability guard may pause the run and notify.
    'inbound-sms': ['readWriteTable', 'publishToSockets', 'enqueueMail', 'enqueueWebhookDeliveries'],
    // POSTs to the accounts' endpoints (the internet, through the public-only guard), logs each
    // attempt, queues retries; an endpoint failing for 24 h is disabled and its owner notified
    // (webhook: stored, pushed, mailed by the user's settings).
    'webhook-deliveries': ['readWriteTable', 'enqueueWebhookDeliveries', 'publishToSockets', 'enqueueMail'],
  },
  jobs: {
    // Moves overdue unverified accounts to force_verify or terminates them; runs the pending data migrations.
    'account-housekeeping': ['readWriteTable', 'scanTable'],
    'campaign-purge': ['readWriteTable'],
    // Starts due scheduled campaigns and recurring occurrences (queued for the planner).
    'campaign-scheduler': ['readWriteTable', 'readWriteCampaignContent', 'enqueueCampaignWork', 'enqueueMail', 'publishToSockets', 'enqueueWebhookDeliveries'],
  },
};

/** The access entry of a scheduled job; a job without one is a configuration error. */
export function jobAccess(job: string): Capabilities {
  const access = FUNCTION_ACCESS.jobs[job];
  if (!access) throw new Error(`No FUNCTION_ACCESS.jobs entry for scheduled job "${job}" (infra/constructs/function-config.ts)`);
  return access;
}

/**
 * Variables a Lambda in AWS gets. JWT_SECRET is never placed in an environment (functions read it
 * through JWT_SECRET_ARN), SINK_DIR and QUEUE_URL_INBOUND_SMS belong to the local mail and SMS sink and
 * S3_PUBLIC_URL and LOG_FORMAT to the local host (in AWS browsers upload to S3 itself, and CloudWatch reads JSON lines),
 * PAGE_FETCH_TEST_HOSTS to tests (the fixture servers a page fetch may reach; never in AWS), and
 * WEBHOOK_LOOPBACK_HOSTS to the local host and tests (the catcher and test receivers; never in AWS).
 * STRIPE_API_URL names the local Stripe stand-in, and Stripe's secrets are read through their ARNs,
 * like the signing key.
 */
export type LambdaConfigVariable = Exclude<
  keyof Config,
  | 'JWT_SECRET'
  | 'SINK_DIR'
  | 'QUEUE_URL_INBOUND_SMS'
  | 'S3_PUBLIC_URL'
  | 'LOG_FORMAT'
  | 'PAGE_FETCH_TEST_HOSTS'
  | 'WEBHOOK_LOOPBACK_HOSTS'
  | 'STRIPE_API_URL'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
>;
/** The Stripe variables stay optional until the payments stack gives their secrets. */
type OptionalVariable =
  | 'KNOWLEDGE_BASE_URL'
  | 'STORE_WRITES_IN_FLIGHT'
  | 'STORE_BULK_WRITES'
  | 'CAMPAIGN_BATCH_SIZE'
  | 'MMS_ORIGINATION_IDENTITY'
  | 'STRIPE_SECRET_KEY_ARN'
  | 'STRIPE_WEBHOOK_SECRET_ARN'
  | 'STRIPE_PUBLISHABLE_KEY';
export type LambdaEnvironment = Readonly<Record<Exclude<LambdaConfigVariable, OptionalVariable>, string> & Partial<Record<OptionalVariable, string>>>;

/** How users reach the provider's support, shown in the contact-us dialog and help links. */
export type SupportContact = { email: string; phone: string; knowledgeBaseUrl?: string };

/** The WebSocket API as the other functions see it. */
export type RealtimeEndpoints = {
  /** wss URL browsers connect to. */
  url: string;
  /** https base of the `@connections` management API. */
  managementUrl: string;
  /** ManageConnections on this API's connections, attached to functions that publish. */
  publishPolicy: IManagedPolicy;
};

/** The stack outputs the configuration is built from. */
export type FunctionConfigProps = {
  table: ITable;
  dataBucket: IBucket;
  /** GetObject and PutObject on import files (the data stack's policies). */
  importFilePolicies: { read: IManagedPolicy; upload: IManagedPolicy; report: IManagedPolicy };
  /** GetObject (download links) and writes (the export worker) on export files (the data stack's policies). */
  exportFilePolicies: { read: IManagedPolicy; write: IManagedPolicy };
  /** GetObject, PutObject and DeleteObject on template content (the data stack's policy). */
  templateContentPolicy: IManagedPolicy;
  /** GetObject, PutObject and DeleteObject on campaign commands (the data stack's policy). */
  campaignContentPolicy: IManagedPolicy;
  /** The file manager's content bucket, its public URL (CloudFront), its read/write/delete policy and its read-only one (MMS media). */
  contentHosting: { bucket: IBucket; publicUrl: string; policy: IManagedPolicy; mediaReadPolicy: IManagedPolicy };
  jwtSecret: ISecret;
  /** Stripe's secrets (read through their ARNs by functions/lib/stripe.ts) and the publishable key the web app's card entry uses. */
  stripe: { secretKey: ISecret; webhookSecret: ISecret; publishableKey?: string };
  /** What CloudFront adds to every API origin request; the API believes the viewer address it writes only beside it. */
  originVerifySecret: ISecret;
  queues: ReadonlyMap<QueueName, IQueue>;
  realtime: RealtimeEndpoints;
  /** https URL of the web app (the CloudFront distribution). */
  appUrl: string;
  /** `Name <address>` or a bare address; its domain must be a verified SES identity. */
  mailFrom: string;
  /** Campaign mail: the SES configuration set whose events feed the delivery-events queue, and the account's sending rate for campaigns (messages/s). */
  campaignMail: { configurationSetName: string; sendRate: number };
  /**
   * Campaign SMS and MMS: the End User Messaging configuration set whose events feed the
   * delivery-events queue, and the phone number or pool MMS are sent from (none: no MMS).
   */
  campaignSms: { configurationSetName: string; sendRate?: number; mmsOriginationIdentity?: string };
  support: SupportContact;
};

/** Campaign SMS and MMS per second when the stack does not say: what a new End User Messaging account's origination identities take. */
const DEFAULT_SMS_SEND_RATE = 20;

/** The SES v2 calls of functions/lib/aws/ses-identities.ts, as IAM names them. */
export const SENDER_DOMAIN_ACTIONS = ['ses:CreateEmailIdentity', 'ses:GetEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes'] as const;

const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** Builds Lambda environments and grants capabilities; one instance per set of stack outputs. */
export class FunctionConfig {
  readonly environment: LambdaEnvironment;

  constructor(private readonly props: FunctionConfigProps) {
    this.environment = {
      STAGE: 'production',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      TABLE_NAME: props.table.tableName,
      DATA_BUCKET: props.dataBucket.bucketName,
      CONTENT_BUCKET: props.contentHosting.bucket.bucketName,
      CONTENT_PUBLIC_URL: props.contentHosting.publicUrl,
      APP_URL: props.appUrl,
      JWT_SECRET_ARN: props.jwtSecret.secretArn,
      STRIPE_SECRET_KEY_ARN: props.stripe.secretKey.secretArn,
      STRIPE_WEBHOOK_SECRET_ARN: props.stripe.webhookSecret.secretArn,
      ...(props.stripe.publishableKey ? { STRIPE_PUBLISHABLE_KEY: props.stripe.publishableKey } : {}),
      // Resolved by CloudFormation, unlike the signing key: the same value is plain text in the
      // distribution's origin configuration anyway, and reading it per cold start would cost every
      // API function a Secrets Manager call for a value that only vouches for client addresses.
      ORIGIN_VERIFY_SECRET: props.originVerifySecret.secretValue.unsafeUnwrap(),
      MAIL_FROM: props.mailFrom,
      WEBSOCKET_URL: props.realtime.url,
      WEBSOCKET_MANAGEMENT_URL: props.realtime.managementUrl,
      QUEUE_URL_OUTBOUND_MAIL: this.queue('outbound-mail').queueUrl,
      QUEUE_URL_CONTACT_IMPORT: this.queue('contact-import').queueUrl,
      QUEUE_URL_EXPORT: this.queue('export').queueUrl,
      QUEUE_URL_CAMPAIGN_PLAN: this.queue('campaign-plan').queueUrl,
      QUEUE_URL_CAMPAIGN_DELIVERY: this.queue('campaign-delivery').queueUrl,
      QUEUE_URL_DELIVERY_EVENTS: this.queue('delivery-events').queueUrl,
      QUEUE_URL_WEBHOOK_DELIVERIES: this.queue('webhook-deliveries').queueUrl,
      SES_CONFIGURATION_SET: props.campaignMail.configurationSetName,
      SMS_CONFIGURATION_SET: props.campaignSms.configurationSetName,
      ...(props.campaignSms.mmsOriginationIdentity ? { MMS_ORIGINATION_IDENTITY: props.campaignSms.mmsOriginationIdentity } : {}),
      CAMPAIGN_SEND_RATE: String(props.campaignMail.sendRate),
      SMS_SEND_RATE: String(props.campaignSms.sendRate ?? DEFAULT_SMS_SEND_RATE),
      IDLE_TIME_MS: String(DEFAULT_IDLE_TIME_MS),
      SUPPORT_EMAIL: props.support.email,
      SUPPORT_PHONE: props.support.phone,
      ...(props.support.knowledgeBaseUrl ? { KNOWLEDGE_BASE_URL: props.support.knowledgeBaseUrl } : {}),
    };
  }

  /** Adds exactly the listed capabilities to a function's role. */
  grant(role: IRole, capabilities: Capabilities): void {
    for (const capability of new Set(capabilities)) this.grantOne(role, capability);
  }

  private grantOne(role: IRole, capability: Capability): void {
    const { table, jwtSecret, realtime } = this.props;
    switch (capability) {
      case 'readTable':
        role.addToPrincipalPolicy(this.tableReadStatement());
        return;
      case 'readWriteTable':
        role.addToPrincipalPolicy(this.tableReadStatement());
        role.addToPrincipalPolicy(new PolicyStatement({ actions: TABLE_WRITE_ACTIONS, resources: [table.tableArn] }));
        return;
      case 'scanTable':
        role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [table.tableArn] }));
        return;
      case 'readJwtSecret':
        jwtSecret.grantRead(role);
        return;
      case 'enqueueMail':
        this.queue('outbound-mail').grantSendMessages(role);
        return;
      case 'sendMail':
        role.addToPrincipalPolicy(this.sendMailStatement(role));
        return;
      case 'sendCampaignMail':
        role.addToPrincipalPolicy(this.sendCampaignMailStatement(role));
        return;
      case 'sendCampaignSms':
        role.addToPrincipalPolicy(this.sendCampaignSmsStatement(role));
        role.addManagedPolicy(this.props.contentHosting.mediaReadPolicy);
        return;
      case 'publishToSockets':
        role.addManagedPolicy(realtime.publishPolicy);
        return;
      case 'readImportFiles':
        role.addManagedPolicy(this.props.importFilePolicies.read);
        return;
      case 'presignImportUploads':
        role.addManagedPolicy(this.props.importFilePolicies.upload);
        return;
      case 'writeImportReports':
        role.addManagedPolicy(this.props.importFilePolicies.report);
        return;
      case 'enqueueImports':
        this.queue('contact-import').grantSendMessages(role);
        return;
      case 'writeExportFiles':
        role.addManagedPolicy(this.props.exportFilePolicies.write);
        return;
      case 'presignExportDownloads':
        role.addManagedPolicy(this.props.exportFilePolicies.read);
        return;
      case 'enqueueExports':
        this.queue('export').grantSendMessages(role);
        return;
      case 'readWriteTemplateContent':
        role.addManagedPolicy(this.props.templateContentPolicy);
        return;
      case 'readWriteContentFiles':
        role.addManagedPolicy(this.props.contentHosting.policy);
        return;
      case 'readWriteCampaignContent':
        role.addManagedPolicy(this.props.campaignContentPolicy);
        return;
      case 'enqueueCampaignWork':
        this.queue('campaign-plan').grantSendMessages(role);
        this.queue('campaign-delivery').grantSendMessages(role);
        return;
      case 'enqueueDeliveryEvents':
        this.queue('delivery-events').grantSendMessages(role);
        return;
      case 'enqueueWebhookDeliveries':
        this.queue('webhook-deliveries').grantSendMessages(role);
        return;
      case 'manageSenderDomains':
        role.addToPrincipalPolicy(this.manageSenderDomainsStatement(role));
        return;
      case 'useStripe':
        this.props.stripe.secretKey.grantRead(role);
        this.props.stripe.webhookSecret.grantRead(role);
        return;
    }
  }

  private queue(name: QueueName): IQueue {
    const queue = this.props.queues.get(name);
    if (!queue) throw new Error(`Queue "${name}" is not in QUEUES (functions/routes.ts)`);
    return queue;
  }

  /** Reads on the table and on each named index: index ARNs are listed, never `index/*`. */
  private tableReadStatement(): PolicyStatement {
    const { table } = this.props;
    const indexArns = TABLE_DEFINITION.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
    return new PolicyStatement({ actions: TABLE_READ_ACTIONS, resources: [table.tableArn, ...indexArns] });
  }

  /**
   * SendEmail from the sender's address or its domain, whichever is the verified identity; tagged
   * mail (verification codes) goes through the campaign configuration set so its bounces come back.
   */
  private sendMailStatement(role: IRole): PolicyStatement {
    const address = mailAddressOf(this.props.mailFrom);
    const domain = address.slice(address.indexOf('@') + 1);
    const sesArn = (resource: string, resourceName: string): string => Stack.of(role).formatArn({ service: 'ses', resource, resourceName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    return new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [sesArn('identity', domain), sesArn('identity', address), sesArn('configuration-set', this.props.campaignMail.configurationSetName)],
    });
  }

  /**
   * Campaign mail goes from each account's own verified address, so any identity of this account
   * and region; SES also checks the configuration set named in the call. Raw content is sent with
   * SES v2 SendEmail, which IAM authorises as ses:SendEmail (SendRawEmail for the v1 API).
   */
  private sendCampaignMailStatement(role: IRole): PolicyStatement {
    const stack = Stack.of(role);
    const anyIdentity = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    acknowledgeWildcardResource(role, anyIdentity, 'Campaign mail is sent from each account\'s own verified address: any SES identity of this account and region, only ses:SendEmail and ses:SendRawEmail, and only through the campaign configuration set.');
    return new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [
        anyIdentity,
        stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.props.campaignMail.configurationSetName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME }),
      ],
    });
  }

  /**
   * Sender domains are named by the accounts, so the identity ARN is any of this account and
   * region; only the four identity calls the sender-domain service makes.
   */
  private manageSenderDomainsStatement(role: IRole): PolicyStatement {
    const anyIdentity = Stack.of(role).formatArn({ service: 'ses', resource: 'identity', resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    acknowledgeWildcardResource(role, anyIdentity, 'Sender domains are named by each account: any SES identity of this account and region, only the create, read, delete and MAIL FROM calls of the sender-domain service.');
    return new PolicyStatement({ actions: [...SENDER_DOMAIN_ACTIONS], resources: [anyIdentity] });
  }

  /**
   * Campaign SMS go from each account's sender ID or phone number (or the pool's default), so any
   * origination identity of this account and region; End User Messaging also authorises the
   * configuration set named in the call.
   */
  private sendCampaignSmsStatement(role: IRole): PolicyStatement {
    const stack = Stack.of(role);
    const arn = (resource: string, resourceName: string) => stack.formatArn({ service: 'sms-voice', resource, resourceName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    const identities = [arn('phone-number', '*'), arn('sender-id', '*'), arn('pool', '*')];
    for (const identity of identities) {
      acknowledgeWildcardResource(role, identity, 'Campaign SMS go from each account\'s own sender ID or phone number: any origination identity of this account and region, only SendTextMessage and SendMediaMessage, and only through the campaign SMS configuration set.');
    }
    return new PolicyStatement({
      actions: ['sms-voice:SendTextMessage', 'sms-voice:SendMediaMessage'],
      resources: [...identities, arn('configuration-set', this.props.campaignSms.configurationSetName)],
    });
  }
}

/** The bare address of `Name <address>` or of a bare address. */
function mailAddressOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address.trim())) throw new Error(`MAIL_FROM "${mailFrom}" has no valid address`);
  return address.trim();
}
