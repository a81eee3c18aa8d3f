import { z } from 'zod';

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

/** GET admin/announcements: every announcement, as support manages them. */
export const ZAnnouncementList = z.object({ data: z.array(ZAnnouncement) });

/** POST/PUT admin/announcements: what provider support writes; `content` is sanitised HTML. */
export const ZAnnouncementInput = z.object({
  title: z.string().trim().min(1).max(200),
  preview: z.string().trim().min(1).max(500),
  content: z.string().min(1).max(100_000),
  pop_up: z.boolean(),
  important: z.boolean(),
  valid_date: z.iso.datetime({ offset: true }).nullable(),
});
export type TAnnouncementInput = z.infer<typeof ZAnnouncementInput>;

/** The `{id}` of announcement/{id} and admin/announcements/{id}. */
export const ZAnnouncementIdParams = z.object({ id: z.string().min(1).max(200) });
