/**
 * Configuration, parsed once from the environment at cold start; a missing or malformed value
 * fails fast. The CDK config construct and the local host set the same variables.
 */
import { z } from 'zod';
import { DELIVERY_BATCH_SIZE } from '../../shared/domain/campaign-send.js';

const ZConfig = z.object({
  STAGE: z.enum(['development', 'production', 'test']).default('development'),
  TABLE_NAME: z.string().min(3),
  /** Private bucket: uploads, exports, generated files. */
  DATA_BUCKET: z.string().min(3),
  /** Base URL of the web app as users reach it (links in mail). */
  APP_URL: z.string().url(),
  /** HMAC secret for session tokens, at least 32 characters; in AWS resolved from Secrets Manager. */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  /**
   * The value CloudFront adds to every API origin request (functions/lib/viewer-address.ts); only
   * beside it is the viewer address CloudFront writes believed. Unset on the local host.
   */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  MAIL_FROM: z.string().default('Campaign Platform <no-reply@localhost>'),
  /** Where the local sink keeps mail and SMS (local host only). */
  SINK_DIR: z.string().optional(),
  /** https endpoint of the WebSocket management API (the `@connections` base). */
  WEBSOCKET_MANAGEMENT_URL: z.string().url().optional(),
  /** ws(s) URL browsers connect to, answered by GET /config. */
  WEBSOCKET_URL: z.string().optional(),
  /** Queue URLs by queue name, e.g. QUEUE_URL_OUTBOUND_MAIL. */
  QUEUE_URL_OUTBOUND_MAIL: z.string().url(),
  QUEUE_URL_CONTACT_IMPORT: z.string().url(),
  QUEUE_URL_EXPORT: z.string().url(),
  QUEUE_URL_CAMPAIGN_PLAN: z.string().url(),
  QUEUE_URL_CAMPAIGN_DELIVERY: z.string().url(),
  QUEUE_URL_DELIVERY_EVENTS: z.string().url(),
  QUEUE_URL_WEBHOOK_DELIVERIES: z.string().url(),
  /**
   * Where browsers send presigned uploads, when not to S3 itself: the local host serves the
   * emulator's S3 on its own origin (the emulator has no CORS), e.g. http://localhost:3000/_s3.
   */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** The file manager's content bucket (public through CloudFront, or the local host's /content). */
  CONTENT_BUCKET: z.string().min(3).optional(),
  /** Where the content bucket's objects are publicly served, without a trailing slash. */
  CONTENT_PUBLIC_URL: z.string().url().optional(),
  /**
   * Stripe's API, when not api.stripe.com: the local host's and tests' stand-in
   * (infra/local/stripe-stand-in.ts), e.g. http://127.0.0.1:PORT. Refused in production.
   */
  STRIPE_API_URL: z.string().url().optional(),
  /** The secret key (sk_…, or a restricted rk_…) locally; in AWS STRIPE_SECRET_KEY_ARN names the Secrets Manager secret. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/).optional(),
  STRIPE_SECRET_KEY_ARN: z.string().optional(),
  /** The webhook endpoint's signing secret (whsec_…) locally; in AWS STRIPE_WEBHOOK_SECRET_ARN names it. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/).optional(),
  STRIPE_WEBHOOK_SECRET_ARN: z.string().optional(),
  /** The publishable key (pk_…) the web app's card entry uses, answered by GET /config. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/).optional(),
  /** The help centre's address; the knowledge-base links show only when it is set. */
  KNOWLEDGE_BASE_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@example.com'),
  SUPPORT_PHONE: z.string().default('+852 0000 0000'),
  /** Milliseconds of inactivity before an idle logout (spec §4 "Idle session"). */
  IDLE_TIME_MS: z.coerce.number().int().positive().default(3_600_000),
  /**
   * Write requests a bulk writer (an import) keeps in flight. DynamoDB's throughput grows with
   * them; DynamoDB Local serialises writes and slows down when they contend (docs/benchmarks.md),
   * so the emulators' environment sets 1.
   */
  STORE_WRITES_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * How bulk writers send unconditional puts: BatchWriteItem (DynamoDB, where a transaction costs
   * twice the WCU), or transactions of up to 100 items where the store commits each item of a
   * batch on its own (DynamoDB Local keeping its table on disk: the emulators set it).
   */
  STORE_BULK_WRITES: z.enum(['batch', 'transaction']).default('batch'),
  /**
   * Campaign messages per second across all delivery workers (the SES account's sending rate, less
   * what transactional mail needs); 0 sends as fast as the workers go (docs/data-model.md "Send pipeline").
   */
  CAMPAIGN_SEND_RATE: z.coerce.number().min(0).default(0),
  /**
   * Most recipients per delivery batch (a slow rate makes batches smaller still): larger batches
   * share each batch's store and queue calls among more messages, smaller ones spread a small
   * campaign over more workers.
   */
  CAMPAIGN_BATCH_SIZE: z.coerce.number().int().min(1).max(DELIVERY_BATCH_SIZE).default(DELIVERY_BATCH_SIZE),
  /**
   * SMS and MMS campaign messages per second across all delivery workers (the End User Messaging
   * account's messages-per-second quota, less what one-time codes need); 0 sends as fast as the workers go.
   */
  SMS_SEND_RATE: z.coerce.number().min(0).default(0),
  /** SES configuration set whose event destination feeds the delivery-events queue (AWS only). */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /** End User Messaging configuration set whose event destination feeds the delivery-events queue (AWS only). */
  SMS_CONFIGURATION_SET: z.string().min(1).optional(),
  /**
   * The End User Messaging phone number or pool (its ID or ARN) MMS are sent from: the service
   * needs one for every MMS, and alphanumeric sender IDs cannot send MMS. Unset: MMS campaigns
   * cannot be sent (VALIDATE_MMS_NOT_SET_UP).
   */
  MMS_ORIGINATION_IDENTITY: z.string().min(1).optional(),
  /**
   * The inbound-sms queue, for the local sink only: replies from the dev SMS inbox go there as End
   * User Messaging's would (in AWS they reach the queue through SNS, and no function sends to it).
   */
  QUEUE_URL_INBOUND_SMS: z.string().url().optional(),
  /**
   * The logger's threshold (INFO in AWS, DEBUG on the local host). The logger
   * (functions/lib/logger.ts) reads it and LOG_FORMAT itself, as it must log before the
   * configuration is complete; they are listed here so a wrong value fails at cold start.
   */
  POWERTOOLS_LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']).default('INFO'),
  /** `readable` writes log lines for a person at a terminal (the local host and tests); JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'readable']).default('json'),
  /**
   * Tests only: comma-separated `host:port` origins the page fetch may reach although they are not
   * public (a fixture server on 127.0.0.1); set in any stage but `test`, the configuration fails.
   */
  PAGE_FETCH_TEST_HOSTS: z
    .string()
    .optional()
    .transform((list) => (list ?? '').split(',').map((host) => host.trim()).filter((host) => host !== '')),
  /**
   * The local host and tests only: comma-separated `host:port` origins (the local webhook catcher,
   * a test receiver on 127.0.0.1) a webhook endpoint may name over http and deliveries may reach
   * although they are not public; set in production, the configuration fails. Every other endpoint
   * is https and goes through the public-only guard.
   */
  WEBHOOK_LOOPBACK_HOSTS: z
    .string()
    .optional()
    .transform((list) => (list ?? '').split(',').map((host) => host.trim()).filter((host) => host !== '')),
})
  .refine((parsed) => parsed.PAGE_FETCH_TEST_HOSTS.length === 0 || parsed.STAGE === 'test', {
    path: ['PAGE_FETCH_TEST_HOSTS'],
    message: 'PAGE_FETCH_TEST_HOSTS is for the test stage only',
  })
  .refine((parsed) => !parsed.STRIPE_API_URL || parsed.STAGE !== 'production', {
    path: ['STRIPE_API_URL'],
    message: 'STRIPE_API_URL (the Stripe stand-in) is for the local host and tests only',
  })
  .refine((parsed) => parsed.WEBHOOK_LOOPBACK_HOSTS.length === 0 || parsed.STAGE !== 'production', {
    path: ['WEBHOOK_LOOPBACK_HOSTS'],
    message: 'WEBHOOK_LOOPBACK_HOSTS is for the local host and tests only',
  });
export type Config = z.infer<typeof ZConfig>;

let cached: Config | undefined;

/** The configuration of this process. Read lazily once, so tests can set the environment first. */
export function config(): Config {
  if (!cached) {
    const parsed = ZConfig.safeParse(process.env);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new Error(`Invalid configuration: ${fields}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** For the local host and tests, which set the environment after modules load. */
export function resetConfigForTests(): void {
  cached = undefined;
}
