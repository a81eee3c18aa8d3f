/**
 * The route table: every HTTP route, queue, schedule and WebSocket route of the product, declared
 * once. The CDK stacks and the local host both read it; a route not listed here exists nowhere.
 * Pure data: no AWS SDK and no handler code is imported, so CDK can read it cheaply.
 */
import { TIMEOUTS_MS } from '../shared/constants.js';
import { TEMPLATE_LIMITS } from '../shared/domain/templates.js';
import { ROUTE_CONTRACTS } from '../shared/contracts/index.js';
import {
  FILE_MANAGER,
  routeKeyOf,
  section,
  type ApiGroup,
  type HttpMethod,
  type RouteAccess,
  type RouteContract,
} from '../shared/contracts/route.js';

export type { ApiGroup, RouteAccess } from '../shared/contracts/route.js';
export { routeKeyOf } from '../shared/contracts/route.js';

/** What CDK and the local host need of a route: its contract without the schemas. */
export type RouteDefinition = Pick<RouteContract, 'method' | 'path' | 'group' | 'access' | 'clientTimeoutMs' | 'allowedDuringPasswordChange' | 'maxBodyBytes'>;

const API = '/api/v1/pageBasedAPI';

function route(
  method: HttpMethod,
  path: string,
  group: ApiGroup,
  access: RouteAccess,
  options: { clientTimeoutMs?: number; allowedDuringPasswordChange?: boolean; maxBodyBytes?: number } = {},
): RouteDefinition {
  return { method, path, group, access, clientTimeoutMs: options.clientTimeoutMs ?? TIMEOUTS_MS.default, ...options };
}

/** Routes not yet declared as contracts (shared/contracts/); each group moves over whole. */
const UNCONVERTED_ROUTES: readonly RouteDefinition[] = [
  // Templates (spec §2.1 /templates, §4 "Edit locking"). Create and save carry the content (HTML and
  // the drag-and-drop project), hence their larger body; taking the edit lock is part of editing.
  route('GET', `${API}/templates`, 'templates', section('template', 'read')),
  route('POST', `${API}/templates`, 'templates', section('template', 'write'), { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes }),
  route('DELETE', `${API}/templates`, 'templates', section('template', 'delete')),
  // Convert a web page: answers converted HTML and saves nothing (a literal segment beats {templateId}).
  route('POST', `${API}/templates/convert`, 'templates', section('template', 'write'), { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes }),
  route('GET', `${API}/templates/{templateId}`, 'templates', section('template', 'read')),
  route('PUT', `${API}/templates/{templateId}`, 'templates', section('template', 'write'), { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes }),
  route('DELETE', `${API}/templates/{templateId}`, 'templates', section('template', 'delete')),
  route('PUT', `${API}/templates/{templateId}/name`, 'templates', section('template', 'write')),
  route('POST', `${API}/templates/{templateId}/copy`, 'templates', section('template', 'write')),
  route('POST', `${API}/templates/{templateId}/lock`, 'templates', section('template', 'write')),
  route('DELETE', `${API}/templates/{templateId}/lock`, 'templates', section('template', 'write')),
  // A test send goes only to the caller's own login address, so reading the template is enough.
  route('POST', `${API}/templates/{templateId}/test-send`, 'templates', section('template', 'read')),
  // Template sharing (spec §4 "Template and group sharing"): the owner shares or sends a copy and
  // manages who has it; the receiver (shared-templates) answers, reads, copies and, with edit
  // rights, edits under the same edit lock. Adding anything to the account needs template write.
  route('GET', `${API}/templates/{templateId}/shares`, 'templates', section('template', 'read')),
  route('POST', `${API}/templates/{templateId}/shares`, 'templates', section('template', 'write')),
  route('PUT', `${API}/templates/{templateId}/shares/{shareId}`, 'templates', section('template', 'write')),
  route('DELETE', `${API}/templates/{templateId}/shares/{shareId}`, 'templates', section('template', 'write')),
  route('GET', `${API}/shared-templates`, 'templates', section('template', 'read')),
  route('GET', `${API}/shared-templates/{shareId}`, 'templates', section('template', 'read')),
  route('PUT', `${API}/shared-templates/{shareId}`, 'templates', section('template', 'write'), { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes }),
  route('DELETE', `${API}/shared-templates/{shareId}`, 'templates', section('template', 'write')),
  route('POST', `${API}/shared-templates/{shareId}/accept`, 'templates', section('template', 'write')),
  route('POST', `${API}/shared-templates/{shareId}/reject`, 'templates', section('template', 'write')),
  route('POST', `${API}/shared-templates/{shareId}/copy`, 'templates', section('template', 'write')),
  route('POST', `${API}/shared-templates/{shareId}/lock`, 'templates', section('template', 'write')),
  route('DELETE', `${API}/shared-templates/{shareId}/lock`, 'templates', section('template', 'write')),
  // A template's thumbnail (spec §7); an SVG drawn from the template (functions/lib/template-thumbnail.ts).
  route('GET', `${API}/thumbnail/get`, 'templates', section('template', 'read')),
  // The file manager (spec §2.2 sidebar, §7): folders and hosted files; the browser PUTs a file
  // to the content bucket with a presigned URL, then confirms it (docs/api-contract.md).
  route('GET', `${API}/user/getFileManagerPublicUrlPrefix`, 'file-manager', FILE_MANAGER),
  route('GET', `${API}/file-manager/entries`, 'file-manager', FILE_MANAGER),
  route('DELETE', `${API}/file-manager/entries`, 'file-manager', FILE_MANAGER),
  route('PUT', `${API}/file-manager/entries/{entryId}/name`, 'file-manager', FILE_MANAGER),
  route('PUT', `${API}/file-manager/entries/{entryId}/parent`, 'file-manager', FILE_MANAGER),
  route('POST', `${API}/file-manager/folders`, 'file-manager', FILE_MANAGER),
  route('POST', `${API}/file-manager/uploads`, 'file-manager', FILE_MANAGER),
  route('POST', `${API}/file-manager/uploads/{uploadId}/confirm`, 'file-manager', FILE_MANAGER),
  route('GET', `${API}/file-manager/files`, 'file-manager', FILE_MANAGER),
  route('GET', `${API}/file-manager/usage`, 'file-manager', FILE_MANAGER),
];

export const ROUTES: readonly RouteDefinition[] = [...ROUTE_CONTRACTS, ...UNCONVERTED_ROUTES];

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
export type QueueName = 'outbound-mail' | 'contact-import' | 'export' | 'campaign-plan' | 'campaign-delivery' | 'delivery-events' | 'inbound-sms';

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
