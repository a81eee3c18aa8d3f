/**
 * The route table: every HTTP route, queue, schedule and WebSocket route of the product. The CDK
 * stacks and the local host both read it; a route not listed here exists nowhere. HTTP routes are
 * declared as contracts in shared/contracts/ and derived here. Pure data: no AWS SDK and no handler
 * code is imported, so CDK can read it cheaply.
 */
import { ROUTE_CONTRACTS } from '../shared/contracts/index.js';
import { routeKeyOf, type ApiGroup, type RouteContract } from '../shared/contracts/route.js';

export type { ApiGroup, RouteAccess } from '../shared/contracts/route.js';
export { routeKeyOf } from '../shared/contracts/route.js';

/** What CDK and the local host need of a route: its contract without the schemas. */
export type RouteDefinition = Pick<RouteContract, 'method' | 'path' | 'group' | 'access' | 'clientTimeoutMs' | 'allowedDuringPasswordChange' | 'maxBodyBytes'>;

/** Every HTTP route: the contracts of shared/contracts/, where each is declared. */
export const ROUTES: readonly RouteDefinition[] = ROUTE_CONTRACTS;

export const ROUTES_BY_KEY: ReadonlyMap<string, RouteDefinition> = new Map(ROUTES.map((r) => [routeKeyOf(r), r]));

export const API_GROUPS: readonly ApiGroup[] = [...new Set(ROUTES.map((r) => r.group))];

/** SQS queues and the worker module (functions/workers/<worker>.ts) that consumes each. */
export type QueueDefinition = {
  name: QueueName;
  worker: string;
  batchSize: number;
  /** Seconds a received message stays hidden; also the worker's time limit. */
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** The worker's /tmp in MiB, beyond Lambda's 512 (spooled files). */
  ephemeralStorageMiB?: number;
};
export type QueueName = 'outbound-mail' | 'contact-import' | 'export' | 'campaign-plan' | 'campaign-delivery' | 'delivery-events' | 'inbound-sms' | 'webhook-deliveries';

export const QUEUES: readonly QueueDefinition[] = [
  { name: 'outbound-mail', worker: 'outbound-mail', batchSize: 10, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
  // One import per message; a run may take Lambda's full 15 minutes and resumes from its checkpoint.
  // XLSX worksheets are spooled to /tmp until the shared strings are read: a 200 MB workbook's
  // sheet XML can take a few GB uncompressed.
  { name: 'contact-import', worker: 'contact-import', batchSize: 1, visibilityTimeoutSeconds: 900, maxReceiveCount: 5, ephemeralStorageMiB: 4096 },
  // One export (contacts, or a campaign report's list) per message; a redelivery starts the file
  // again under the same job (never a second file).
  { name: 'export', worker: 'export', batchSize: 1, visibilityTimeoutSeconds: 900, maxReceiveCount: 3 },
  // One campaign run per message: resolves the recipients and enqueues delivery batches; a long
  // campaign continues in a message of its own, from its checkpoint.
  { name: 'campaign-plan', worker: 'campaign-plan', batchSize: 1, visibilityTimeoutSeconds: 900, maxReceiveCount: 5 },
  // One batch of recipients per message. The visibility timeout is also how long a recipient's
  // claim protects it: a worker that stops mid-batch leaves claims that are taken over after it.
  { name: 'campaign-delivery', worker: 'campaign-delivery', batchSize: 1, visibilityTimeoutSeconds: 120, maxReceiveCount: 10 },
  // Delivery, bounce, complaint, open, click and unsubscribe events (SES through SNS, and the tracking links).
  { name: 'delivery-events', worker: 'delivery-events', batchSize: 10, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
  // Replies to our phone numbers (End User Messaging two-way SMS through SNS): opt-out keywords unsubscribe the number.
  { name: 'inbound-sms', worker: 'inbound-sms', batchSize: 10, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
  // One (event, endpoint) delivery per message: a POST of at most 10 s, so a batch of 10 fits the
  // timeout. A failed attempt goes back on the queue with a growing delay for 24 hours
  // (functions/services/webhooks/deliveries.ts), so SQS's own redelivery is for crashes only.
  { name: 'webhook-deliveries', worker: 'webhook-deliveries', batchSize: 10, visibilityTimeoutSeconds: 120, maxReceiveCount: 5 },
];

/** Scheduled jobs (EventBridge in AWS, the local scheduler locally); cron in the service time zone. */
export type ScheduleDefinition = { name: string; job: string; cron: { minute: string; hour: string }; timeZone: string };
export const SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'account-housekeeping', job: 'account-housekeeping', cron: { minute: '10', hour: '3' }, timeZone: 'Asia/Hong_Kong' },
  // Removes what deleted campaigns left (reports, claims, audiences).
  { name: 'campaign-purge', job: 'campaign-purge', cron: { minute: '40', hour: '3' }, timeZone: 'Asia/Hong_Kong' },
  // Starts scheduled campaigns and the occurrences of recurring ones that fell due.
  { name: 'campaign-scheduler', job: 'campaign-scheduler', cron: { minute: '*', hour: '*' }, timeZone: 'Asia/Hong_Kong' },
];

/** WebSocket route keys served by functions/ws/connection.ts. */
export const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;
