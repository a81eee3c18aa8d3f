/**
 * What the header menus read (spec §2.7; billing §2 shopping cart menu): the user's
 * notifications, the announcements with the user's read marks, and the account's cart.
 */
import type { TAnnouncementPage } from '../../shared/schemas/announcements.js';
import type { TCart } from '../../shared/schemas/shopping-cart.js';
import type { TNotificationPage } from '../../shared/schemas/notifications.js';
import type { TPageQuery } from '../../shared/schemas/paging.js';
import { listAnnouncements, markAllAnnouncementsRead, readAnnouncementState } from '../data/announcements.js';
import { countUnreadNotifications, deleteAllNotifications, listNotifications } from '../data/notifications.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { VerifiedToken } from '../lib/tokens.js';
import { listCartItems } from '../data/shopping-cart.js';

export async function getNotificationPage(userId: string, query: TPageQuery, now: Date): Promise<TNotificationPage> {
  const records = await listNotifications(userId, query.page, query.limit, now);
  return {
    page: query.page,
    result: records.map(({ id, type, severity, message, createTime, unread }) => ({ id, type, severity, message, createTime, unread })),
  };
}

export function getUnreadNotificationCount(userId: string, now: Date): Promise<number> {
  return countUnreadNotifications(userId, now);
}

export async function getAnnouncementPage(userId: string, query: TPageQuery, now: Date): Promise<TAnnouncementPage> {
  const records = await listAnnouncements(query.page, query.limit);
  const { readIds, readAllAt } = await readAnnouncementState(userId, records.map((record) => record.id));
  const data = records.map(({ id, title, preview, content, published_time, pop_up, valid_date, important }) => ({
    id,
    title,
    preview,
    content,
    published_time,
    pop_up: pop_up && (!valid_date || Date.parse(valid_date) > now.getTime()),
    valid_date,
    important,
    is_read: readIds.has(id) || (readAllAt !== null && published_time <= readAllAt),
  }));
  return { data, unread: data.filter((item) => !item.is_read).length, current_page: query.page };
}

/** Spec §4: "Mark all read sets unread to 0". */
export async function readAllAnnouncements(userId: string, now: Date): Promise<void> {
  await markAllAnnouncementsRead(userId, now.toISOString());
}

/** Clear all in the notification menu; provider support cannot delete notifications (spec §6). */
export async function clearNotifications(claims: VerifiedToken): Promise<{ deleted: number }> {
  if (claims.admin) throw new AppError(ERROR_CODES.NO_PERMISSION, 'The support team cannot delete notifications.');
  return { deleted: await deleteAllNotifications(claims.loginTuid) };
}

export async function getCart(tuid: string): Promise<TCart> {
  const items = await listCartItems(tuid);
  const result = items.map(({ id, itemType, planType, quantity, paymentCycle, price, currency, additionalInfo }) => ({
    id,
    itemType,
    planType,
    quantity,
    paymentCycle,
    price,
    currency,
    additionalInfo,
  }));
  return { count: result.length, result };
}
