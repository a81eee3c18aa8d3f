import { z } from 'zod';

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

/** Announcement of spec §3; the list answer has data, unread and current_page. */
export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  preview: z.string(),
  content: z.string(),
  published_time: z.string(),
  is_read: z.boolean(),
  pop_up: z.boolean(),
  valid_date: z.string().nullable(),
  important: z.boolean(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementPage = z.object({ data: z.array(ZAnnouncement), unread: z.number().int(), current_page: z.number().int() });
export type TAnnouncementPage = z.infer<typeof ZAnnouncementPage>;

/** Cart item of billing §3. */
export const ZCartItem = z.object({
  id: z.string(),
  itemType: z.enum(['email', 'attachment', 'dynamicattachment', 'sms', 'filestorage', 'team', 'ip', 'dns']),
  planType: z.enum(['monthly', 'refill', 'others']),
  quantity: z.number(),
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  price: z.number(),
  currency: z.string(),
  additionalInfo: z.object({ domain: z.string().optional() }).optional(),
});
export type TCartItem = z.infer<typeof ZCartItem>;
export const ZCart = z.object({ count: z.number().int(), result: z.array(ZCartItem) });
export type TCart = z.infer<typeof ZCart>;
