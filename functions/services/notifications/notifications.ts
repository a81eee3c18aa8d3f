/**
 * Notifications (spec §3, §4, §7): producers create them for a user (addressed by login user
 * id); the user's tabs hear of each through the socket, the menu and the history read the stored
 * list, and the kinds the user chose also arrive by email. Progress of long jobs lives beside
 * them, and the persistent notices follow from the account's payment state.
 */
import { z } from 'zod';
import { DAY_MS, SECOND_MS } from '../../../shared/constants.js';
import { isMessageOf, NOTIFICATION_TYPES, type NotificationType } from '../../../shared/domain/notifications.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type {
  TNotification,
  TNotificationHistoryPage,
  TNotificationHistoryQuery,
  TNotificationPage,
  TNotificationSettings,
  TPersistentNotices,
  TProgressItems,
} from '../../../shared/schemas/notifications.js';
import type { TPageQuery } from '../../../shared/schemas/paging.js';
import { ZProgressPayload, type TProgressPayload } from '../../../shared/schemas/realtime.js';
import { getAccount } from '../../data/accounts.js';
import {
  countUnreadNotifications,
  createNotificationRecord,
  deleteAllNotificationRecords,
  deleteNotificationRecord,
  getNotificationEmailTypes,
  listNotifications,
  markNotificationRecordRead,
  putNotificationEmailTypes,
  type NotificationFilter,
  type NotificationRecord,
} from '../../data/notifications.js';
import { closeStaleProgress, listProgress, listRunningProgressBefore, putProgress } from '../../data/progress.js';
import { config } from '../../lib/config.js';
import { parseInput } from '../../../shared/validation.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { notificationMail } from './mail-templates.js';
import { notificationSentence } from './notification-sentences.js';
import { publish } from './realtime.js';

/**
 * Kinds that also go by email until the user chooses otherwise: the ones that ask the user to act
 * (payments, approvals, invitations, limits, expiring credits, a disabled webhook endpoint) or end work the user waits for
 * (imports, exports). Campaign progress, sharing and connection news stay in the app.
 */
export const DEFAULT_EMAIL_TYPES: readonly NotificationType[] = [
  'import',
  'export',
  'paymentError',
  'paymentReminder',
  'payAsYouGoExpiryWarning',
  'payAsYouGoExpired',
  'storageLimit',
  'contactLimit',
  'teamAdminApprove',
  'outsiderApprove',
  'webhook',
];

/** A finished, completed or aborted job stays in the menu this long, so the user sees how it ended. */
const FINISHED_PROGRESS_VISIBLE_MS = 60 * SECOND_MS;
/** A running job that stops reporting (its worker died) leaves the menu after this long. */
const RUNNING_PROGRESS_LIFETIME_MS = 7 * DAY_MS;
const FINISHED_STATUSES: ReadonlySet<TProgressPayload['status']> = new Set(['completed', 'aborted', 'finished']);

/** A value of a notice: text, a number, a flag, or a user `{id, fullname}` (spec §3). */
const ZNoticeValue = z.union([
  z.string().max(1000),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ id: z.string().max(200), fullname: z.string().max(200) }),
]);

/** What a producer says about a notification (validated here, whoever the producer is). */
export const ZNotificationContent = z
  .object({
    type: z.enum(NOTIFICATION_TYPES),
    messageType: z.string().min(1).max(100),
    severity: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    values: z
      .record(z.string().regex(/^\w{1,64}$/), ZNoticeValue)
      .refine((values) => Object.keys(values).length <= 40, { message: 'at most 40 values' })
      .default({}),
  })
  .refine((content) => isMessageOf(content.type, content.messageType), { message: 'not a message of this type', path: ['messageType'] });
export type TNotificationContent = z.input<typeof ZNotificationContent>;

function toNotification(record: NotificationRecord): TNotification {
  const { id, type, severity, message, createTime, unread } = record;
  return { id, type, severity, message, createTime, unread };
}

/** Mails the notification if the user chose its kind; a failure is logged, never the producer's. */
async function mailIfChosen(record: NotificationRecord): Promise<void> {
  try {
    const emailTypes = (await getNotificationEmailTypes(record.userId)) ?? DEFAULT_EMAIL_TYPES;
    if (!emailTypes.includes(record.type)) return;
    const account = await getAccount(record.userId);
    if (!account || account.status === 'terminated') return;
    const sentence = notificationSentence({
      type: record.type,
      messageType: record.message.type,
      values: record.message.values,
      readerId: record.userId,
      language: account.language,
      timeZone: account.timezone,
    });
    await enqueueMail(notificationMail({ to: account.login, fullname: account.fullname, sentence, language: account.language, appUrl: config().APP_URL }));
  } catch (error) {
    logger.warn('notification mail failed', { userId: record.userId, id: record.id, error });
  }
}

/**
 * Stores a notification for a user, tells the user's open tabs (`notification {id}`) and mails
 * it if the user chose its kind. Bad content answers VALIDATE_INVALID_INPUT and stores nothing.
 */
export async function createNotification(input: TNotificationContent & { userId: string; now: Date }): Promise<TNotification> {
  const content = parseInput(ZNotificationContent, { type: input.type, messageType: input.messageType, severity: input.severity, values: input.values });
  const record = await createNotificationRecord({
    id: timeOrderedId(input.now),
    userId: input.userId,
    type: content.type,
    severity: content.severity,
    message: { type: content.messageType, values: content.values },
    createTime: input.now.toISOString(),
  });
  await Promise.all([publish(input.userId, { event: 'notification', data: { id: record.id } }), mailIfChosen(record)]);
  return toNotification(record);
}

/** The notification menu: newest first, a page of 10 by default. */
export async function getNotificationPage({ userId, query, now }: { userId: string; query: TPageQuery; now: Date }): Promise<TNotificationPage> {
  const { notifications } = await listNotifications({ userId, filter: {}, offset: (query.page - 1) * query.limit, limit: query.limit, now });
  return { page: query.page, result: notifications.map(toNotification) };
}

/** The view-history page: filtered by kind and creation time, with whether more pages follow. */
export async function getNotificationHistory({ userId, query, now }: { userId: string; query: TNotificationHistoryQuery; now: Date }): Promise<TNotificationHistoryPage> {
  const filter: NotificationFilter = {
    type: query.type,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
  if (filter.from && filter.to && filter.from > filter.to) throw new AppError(ERROR_CODES.INVALID_INPUT, 'from: must not be after to');
  const { notifications, hasMore } = await listNotifications({ userId, filter, offset: (query.page - 1) * query.limit, limit: query.limit, now });
  return { page: query.page, result: notifications.map(toNotification), hasMore };
}

export function getUnreadNotificationCount({ userId, now }: { userId: string; now: Date }): Promise<number> {
  return countUnreadNotifications(userId, now);
}

/**
 * Marks a notification read and tells the user's other tabs (`acknowledge`). Support staff only
 * look: for them it changes nothing (spec §4 "the read call is skipped for admin").
 */
export async function markNotificationRead(options: { claims: VerifiedToken; id: string; now: Date }): Promise<void> {
  const { claims, id, now } = options;
  if (claims.admin) return;
  const outcome = await markNotificationRecordRead(claims.loginTuid, id, now);
  if (outcome === 'missing') throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The notification does not exist.');
  if (outcome === 'read') await publish(claims.loginTuid, { event: 'acknowledge', data: { notificationId: id } });
}

function refuseSupportStaff(claims: VerifiedToken): void {
  if (claims.admin) throw new AppError(ERROR_CODES.NO_PERMISSION, 'The support team cannot delete notifications.');
}

/** Delete one (spec §2.7); provider support cannot delete notifications (spec §6). */
export async function deleteNotification(options: { claims: VerifiedToken; id: string; now: Date }): Promise<void> {
  const { claims, id, now } = options;
  refuseSupportStaff(claims);
  if (!(await deleteNotificationRecord(claims.loginTuid, id, now))) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The notification does not exist.');
  await publish(claims.loginTuid, { event: 'acknowledge', data: { notificationId: id } });
}

/** Clear all in the notification menu; provider support cannot delete notifications (spec §6). */
export async function clearNotifications({ claims, now }: { claims: VerifiedToken; now: Date }): Promise<{ deleted: number }> {
  refuseSupportStaff(claims);
  const deleted = await deleteAllNotificationRecords(claims.loginTuid, now);
  // No single id: every other tab refetches its list and count.
  await publish(claims.loginTuid, { event: 'acknowledge', data: { notificationId: null } });
  return { deleted };
}

export async function getNotificationSettings({ userId }: { userId: string }): Promise<TNotificationSettings> {
  return { emailTypes: [...((await getNotificationEmailTypes(userId)) ?? DEFAULT_EMAIL_TYPES)] };
}

export async function updateNotificationSettings({ userId, settings }: { userId: string; settings: TNotificationSettings }): Promise<TNotificationSettings> {
  // Stored in the catalogue's order, each kind once.
  const emailTypes = NOTIFICATION_TYPES.filter((type) => settings.emailTypes.includes(type));
  await putNotificationEmailTypes(userId, emailTypes);
  return { emailTypes };
}

/** Notices that stay until their cause is gone (spec §8 "Toasts"): unpaid plans, failing payment methods. */
export async function getPersistentNotices({ claims }: { claims: VerifiedToken }): Promise<TPersistentNotices> {
  const account = await getAccount(claims.tuid);
  const result: TPersistentNotices['result'] = [];
  if (account?.hasFailedPayment) result.push({ id: 'unpaidPlan', severity: 2 });
  if (account?.hasFailingPaymentMethods) result.push({ id: 'failingPaymentMethods', severity: 2 });
  return { result };
}

/**
 * A job reports its progress (import, export, campaign send): stored for the menu and pushed to
 * the user's tabs (`progress`). A report older than the stored one is dropped.
 */
export async function reportProgress(options: { userId: string; payload: TProgressPayload; now: Date }): Promise<void> {
  const payload = parseInput(ZProgressPayload, options.payload);
  const isFinished = FINISHED_STATUSES.has(payload.status);
  const stored = await putProgress({
    userId: options.userId,
    payload,
    reportedAt: options.now.toISOString(),
    visibleUntil: new Date(options.now.getTime() + (isFinished ? FINISHED_PROGRESS_VISIBLE_MS : RUNNING_PROGRESS_LIFETIME_MS)),
    running: !isFinished,
    ended: isFinished,
  });
  if (stored) await publish(options.userId, { event: 'progress', data: payload });
}

/** A running job that has not reported for this long has no worker any more (campaign runs report every few seconds, imports and exports per chunk). */
export const STALE_PROGRESS_MS = 60 * 60 * SECOND_MS;

/**
 * Housekeeping: closes as aborted the progress of every job that stopped reporting (its worker
 * died, or the job ended without saying so), and tells the user's tabs. Answers how many it closed.
 */
export async function closeAbandonedProgress({ now }: { now: Date }): Promise<number> {
  let closed = 0;
  for await (const page of listRunningProgressBefore(new Date(now.getTime() - STALE_PROGRESS_MS).toISOString())) {
    for (const item of page) {
      if (!(await closeStaleProgress({ item, now, visibleUntil: new Date(now.getTime() + FINISHED_PROGRESS_VISIBLE_MS) }))) continue;
      closed += 1;
      await publish(item.userId, { event: 'progress', data: { ...item.payload, status: 'aborted' } });
    }
  }
  return closed;
}

/** The menu's progress items; `importing` while any import runs. */
export async function getProgressItems({ userId, now }: { userId: string; now: Date }): Promise<TProgressItems> {
  const progressNotifications = await listProgress(userId, now);
  return { progressNotifications, importing: progressNotifications.some((item) => item.type === 'import' && item.status === 'importing') };
}
