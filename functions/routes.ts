/**
 * The route table: every HTTP route, queue, schedule and WebSocket route of the product, declared
 * once. The CDK stacks and the local host both read it; a route not listed here exists nowhere.
 * Pure data: no AWS SDK and no handler code is imported, so CDK can read it cheaply.
 */
import { TIMEOUTS_MS } from '../shared/constants.js';
import { TEMPLATE_LIMITS } from '../shared/domain/templates.js';
import { ROUTE_CONTRACTS } from '../shared/contracts/index.js';
import {
  EXPORTS,
  PUBLIC,
  SESSION,
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
  // Contacts and custom fields (spec §3 "Contact profile", §7 "Reports and contacts"). Field
  // definitions are readable by any signed-in user: templates need them for merge tags.
  route('GET', `${API}/contacts/schemas`, 'contacts', SESSION),
  route('POST', `${API}/contacts/schemas`, 'contacts', section('contact', 'write')),
  route('PUT', `${API}/contacts/schemas/{fieldId}`, 'contacts', section('contact', 'write')),
  route('DELETE', `${API}/contacts/schemas/{fieldId}`, 'contacts', section('contact', 'delete')),
  route('POST', `${API}/contacts/search`, 'contacts', section('contact', 'read')),
  route('POST', `${API}/contacts/count`, 'contacts', section('contact', 'read')),
  route('GET', `${API}/contacts/details/{contactId}`, 'contacts', section('contact', 'read')),
  route('POST', `${API}/contacts`, 'contacts', section('contact', 'write')),
  route('PUT', `${API}/contacts/{contactId}`, 'contacts', section('contact', 'write')),
  route('DELETE', `${API}/contacts`, 'contacts', section('contact', 'delete')),
  // Contact imports (spec §2.1 import-contacts, §4 Import); the file goes straight to storage.
  route('GET', `${API}/data-import`, 'imports', section('contact', 'read')),
  route('POST', `${API}/data-import/upload`, 'imports', section('contact', 'write')),
  route('GET', `${API}/data-import/{importId}`, 'imports', section('contact', 'read')),
  route('POST', `${API}/data-import/{importId}/preview`, 'imports', section('contact', 'write')),
  route('POST', `${API}/data-import/{importId}/start`, 'imports', section('contact', 'write')),
  route('POST', `${API}/data-import/{importId}/stop`, 'imports', section('contact', 'write')),
  // Spec §7: a report's row list or the uploaded file, as a redirect to a short-lived link.
  route('GET', `${API}/data-import/details/get-file/{importId}`, 'imports', section('contact', 'read')),
  // Contact exports (spec §2.1 /exports, §4 Export): exporting is the contact section's execute
  // flag (shown as "export", spec §3), and so are the list and the download of the files.
  route('GET', `${API}/data-export`, 'exports', EXPORTS),
  route('POST', `${API}/data-export/start`, 'exports', section('contact', 'execute')),
  route('GET', `${API}/data-export/{exportId}`, 'exports', EXPORTS),
  route('POST', `${API}/data-export/{exportId}/stop`, 'exports', EXPORTS),
  route('GET', `${API}/data-export/{exportId}/download`, 'exports', EXPORTS),
  // The global search (spec §2.5); each area is filtered by the user's read permission.
  // Email campaigns (spec §2.1 /emails and create-email-campaign, §4 "Campaign", §7 "Campaign
  // saving"). The save path both creates (a body with campaignName) and saves (a body with id and
  // command), as spec §7 names them; the lock renews while the wizard is open.
  route('POST', `${API}/create-campaign/save`, 'campaigns', section('email', 'write'), { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes }),
  route('GET', `${API}/create-campaign/save`, 'campaigns', section('email', 'read'), { clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck }),
  route('GET', `${API}/create-campaign/save/lock`, 'campaigns', section('email', 'write')),
  route('DELETE', `${API}/create-campaign/save/lock`, 'campaigns', section('email', 'write')),
  route('POST', `${API}/create-campaign/check-title`, 'campaigns', section('email', 'read'), { clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck }),
  route('POST', `${API}/create-campaign/select-contact/get-detail-by-ids`, 'campaigns', section('email', 'read')),
  route('POST', `${API}/email/campaign/generateOnlineVersion`, 'campaigns', section('email', 'read')),
  route('GET', `${API}/email/campaigns`, 'campaigns', section('email', 'read')),
  route('DELETE', `${API}/email/campaigns`, 'campaigns', section('email', 'delete')),
  route('PUT', `${API}/email/campaigns/{campaignId}/name`, 'campaigns', section('email', 'write')),
  route('PUT', `${API}/email/campaigns/{campaignId}/tags`, 'campaigns', section('email', 'write')),
  route('POST', `${API}/email/campaigns/{campaignId}/replicate`, 'campaigns', section('email', 'write')),
  // Sending, scheduling, pausing, approving: the email section's execute flag (spec §6 "can send campaigns").
  route('POST', `${API}/email/campaigns/{campaignId}/actions`, 'campaigns', section('email', 'execute')),
  // Reports (spec §7 "Reports"): one view per call; each list view's export is a job of the export worker, followed on /exports.
  route('GET', `${API}/email/stat/{view}/{campaignId}`, 'campaign-reports', section('email', 'read'), { clientTimeoutMs: TIMEOUTS_MS.stats }),
  route('POST', `${API}/email/stat/{view}/{campaignId}/export`, 'campaign-reports', section('email', 'read')),
  // SMS and MMS campaigns (spec §2.1 /sms-and-mms, §7 "the SMS and MMS equivalents"): the same
  // calls under sms/, on the sms section's flags.
  route('POST', `${API}/sms/create-campaign/save`, 'campaigns', section('sms', 'write')),
  route('GET', `${API}/sms/create-campaign/save`, 'campaigns', section('sms', 'read'), { clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck }),
  route('GET', `${API}/sms/create-campaign/save/lock`, 'campaigns', section('sms', 'write')),
  route('DELETE', `${API}/sms/create-campaign/save/lock`, 'campaigns', section('sms', 'write')),
  route('POST', `${API}/sms/create-campaign/check-title`, 'campaigns', section('sms', 'read'), { clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck }),
  route('POST', `${API}/sms/create-campaign/select-contact/get-detail-by-ids`, 'campaigns', section('sms', 'read')),
  route('GET', `${API}/sms/campaigns`, 'campaigns', section('sms', 'read')),
  route('DELETE', `${API}/sms/campaigns`, 'campaigns', section('sms', 'delete')),
  route('PUT', `${API}/sms/campaigns/{campaignId}/name`, 'campaigns', section('sms', 'write')),
  route('PUT', `${API}/sms/campaigns/{campaignId}/tags`, 'campaigns', section('sms', 'write')),
  route('POST', `${API}/sms/campaigns/{campaignId}/replicate`, 'campaigns', section('sms', 'write')),
  route('POST', `${API}/sms/campaigns/{campaignId}/actions`, 'campaigns', section('sms', 'execute')),
  route('GET', `${API}/sms/campaigns/{campaignId}/cost`, 'campaigns', section('sms', 'read'), { clientTimeoutMs: TIMEOUTS_MS.stats }),
  route('GET', `${API}/sms/stat/{view}/{campaignId}`, 'campaign-reports', section('sms', 'read'), { clientTimeoutMs: TIMEOUTS_MS.stats }),
  route('POST', `${API}/sms/stat/{view}/{campaignId}/export`, 'campaign-reports', section('sms', 'read')),
  // What recipients' mail programs call (no login): signed links of docs/api-contract.md "Tracking".
  route('GET', '/t/open/{token}', 'tracking', PUBLIC),
  route('GET', '/t/click/{token}', 'tracking', PUBLIC),
  route('GET', '/t/s/{token}', 'tracking', PUBLIC),
  route('GET', '/t/unsubscribe/{token}', 'tracking', PUBLIC),
  route('POST', '/t/unsubscribe/{token}', 'tracking', PUBLIC),
  route('GET', '/t/view/{token}', 'tracking', PUBLIC),
  // SMS settings (spec §2.1 /settings/sms-and-mms): the account's sender IDs (also the SMS wizard's
  // sender-id step) and the country calling codes its SMS campaigns may send to (STT-SMS-01).
  route('GET', `${API}/sms/sender-ids`, 'sms-settings', section('sms', 'read')),
  route('POST', `${API}/sms/sender-ids`, 'sms-settings', section('sms', 'write')),
  route('DELETE', `${API}/sms/sender-ids/{id}`, 'sms-settings', section('sms', 'delete')),
  route('GET', `${API}/sms/calling-codes`, 'sms-settings', section('sms', 'read')),
  route('POST', `${API}/sms/calling-codes`, 'sms-settings', section('sms', 'write')),
  route('DELETE', `${API}/sms/calling-codes/{code}`, 'sms-settings', section('sms', 'write')),
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
export type QueueName = 'outbound-mail' | 'contact-import' | 'contact-export' | 'campaign-plan' | 'campaign-delivery' | 'delivery-events' | 'inbound-sms';

export const QUEUES: readonly QueueDefinition[] = [
  { name: 'outbound-mail', worker: 'outbound-mail', batchSize: 10, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
  // One import per message; a run may take Lambda's full 15 minutes and resumes from its checkpoint.
  // XLSX worksheets are spooled to /tmp until the shared strings are read: a 200 MB workbook's
  // sheet XML can take a few GB uncompressed.
  { name: 'contact-import', worker: 'contact-import', batchSize: 1, visibilityTimeoutSeconds: 900, maxReceiveCount: 5, ephemeralStorageMiB: 4096 },
  // One export per message; a redelivery starts the file again under the same job (never a second file).
  { name: 'contact-export', worker: 'contact-export', batchSize: 1, visibilityTimeoutSeconds: 900, maxReceiveCount: 3 },
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
