import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../domain/notifications.js';
import { ZPageQuery } from './paging.js';
import { ZProgressPayload } from './realtime.js';

/** Notification of spec §3; severity 0 success, 1 info, 2 warning, 3 error. */
export const ZNotification = z.object({
  id: z.string(),
  type: z.string(),
  severity: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  message: z.object({ type: z.string(), values: z.record(z.string(), z.unknown()) }),
  createTime: z.string(),
  unread: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationPage = z.object({ result: z.array(ZNotification), page: z.number().int() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;


/** GET notification/history: the view-history page, filtered by kind and creation date. */
export const ZNotificationHistoryQuery = ZPageQuery.extend({
  type: z.enum(NOTIFICATION_TYPES).optional(),
  /** ISO dates (inclusive), in the user's time zone as the client sends them. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TNotificationHistoryQuery = z.infer<typeof ZNotificationHistoryQuery>;
export const ZNotificationHistoryPage = z.object({ result: z.array(ZNotification), page: z.number().int(), hasMore: z.boolean() });
export type TNotificationHistoryPage = z.infer<typeof ZNotificationHistoryPage>;

/** POST notification/mark-as-read and DELETE notification/delete-one. */
export const ZNotificationIdRequest = z.object({ id: z.string().min(1).max(200) });

/** GET notification/persist-pop-up: notices that stay until their cause is gone (spec §8 "Toasts"). */
export const ZPersistentNotice = z.object({ id: z.enum(['unpaidPlan', 'failingPaymentMethods']), severity: z.literal(2) });
export const ZPersistentNotices = z.object({ result: z.array(ZPersistentNotice) });
export type TPersistentNotices = z.infer<typeof ZPersistentNotices>;

/** GET notification/progress-items. */
export const ZProgressItems = z.object({ progressNotifications: z.array(ZProgressPayload), importing: z.boolean() });
export type TProgressItems = z.infer<typeof ZProgressItems>;

/** GET/PUT settings/notifications: the kinds that also go by email. */
export const ZNotificationSettings = z.object({ emailTypes: z.array(z.enum(NOTIFICATION_TYPES)).max(NOTIFICATION_TYPES.length) });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** DELETE notification/delete-all: how many were removed. */
export const ZDeletedCount = z.object({ deleted: z.number().int() });
