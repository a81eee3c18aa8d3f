/**
 * Announcements (spec §2.7, §3, §4): provider support writes them; every user reads them in the
 * announcement menu with their own read and hidden marks. Each write is broadcast
 * (`announcement {id}`) so open menus refetch.
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TAnnouncement, TAnnouncementInput, TAnnouncementPage } from '../../../shared/schemas/announcements.js';
import type { TPageQuery } from '../../../shared/schemas/paging.js';
import {
  createAnnouncementRecord,
  deleteAnnouncementRecord,
  getAnnouncement,
  getAnnouncementMarks,
  getAnnouncements,
  listAnnouncementHeads,
  markAllAnnouncementsRead,
  markAnnouncement,
  updateAnnouncementRecord,
  type AnnouncementHead,
  type AnnouncementMarks,
  type AnnouncementRecord,
} from '../../data/announcements.js';
import { sanitizeAnnouncementHtml } from '../../lib/html-sanitizer.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { broadcast } from './realtime.js';

function isReadBy(marks: AnnouncementMarks, head: AnnouncementHead): boolean {
  return marks.readIds.has(head.id) || (marks.readAllAt !== null && head.published_time <= marks.readAllAt);
}

/** Spec §4: an announcement past its valid date no longer pops up by itself. */
function toAnnouncement(record: AnnouncementRecord, isRead: boolean, now: Date): TAnnouncement {
  const { id, title, preview, content, published_time, pop_up, valid_date, important } = record;
  const expired = valid_date !== null && Date.parse(valid_date) <= now.getTime();
  return { id, title, preview, content, published_time, pop_up: pop_up && !expired, valid_date, important, is_read: isRead };
}

function notFound(): AppError {
  return new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The announcement does not exist.');
}

/** The announcement menu: newest first without the ones the user removed; `unread` over all of them. */
export async function getAnnouncementPage({ userId, query, now }: { userId: string; query: TPageQuery; now: Date }): Promise<TAnnouncementPage> {
  const [heads, marks] = await Promise.all([listAnnouncementHeads(), getAnnouncementMarks(userId)]);
  const visible = heads.filter((head) => !marks.hiddenIds.has(head.id));
  const pageHeads = visible.slice((query.page - 1) * query.limit, query.page * query.limit);
  const records = await getAnnouncements(pageHeads.map((head) => head.id));
  return {
    data: records.map((record) => toAnnouncement(record, isReadBy(marks, record), now)),
    unread: visible.filter((head) => !isReadBy(marks, head)).length,
    current_page: query.page,
  };
}

/** Opening an announcement marks it read (spec §7 "GET announcement/{id} marks the item read"). */
export async function openAnnouncement(options: { userId: string; id: string; now: Date }): Promise<TAnnouncement> {
  const record = await getAnnouncement(options.id);
  if (!record) throw notFound();
  await markAnnouncement(options.userId, record.id, 'readAt', options.now.toISOString());
  return toAnnouncement(record, true, options.now);
}

/** The menu's remove: gone from this user's list, and no longer counted unread. */
export async function hideAnnouncement(options: { userId: string; id: string; now: Date }): Promise<void> {
  if (!(await getAnnouncement(options.id))) throw notFound();
  await markAnnouncement(options.userId, options.id, 'hiddenAt', options.now.toISOString());
}

/** Spec §4: "Mark all read sets unread to 0". */
export async function readAllAnnouncements({ userId, now }: { userId: string; now: Date }): Promise<void> {
  await markAllAnnouncementsRead(userId, now.toISOString());
}

/** Every announcement, newest first, for the support screen (read marks are the reader's own). */
export async function listAllAnnouncements({ userId, now }: { userId: string; now: Date }): Promise<{ data: TAnnouncement[] }> {
  const [heads, marks] = await Promise.all([listAnnouncementHeads(), getAnnouncementMarks(userId)]);
  const records = await getAnnouncements(heads.map((head) => head.id));
  return { data: records.map((record) => toAnnouncement(record, isReadBy(marks, record), now)) };
}

/** What support wrote, with the HTML sanitised; HTML with nothing safe in it is refused. */
function announcementFields(input: TAnnouncementInput): Omit<AnnouncementRecord, 'id' | 'published_time'> {
  const content = sanitizeAnnouncementHtml(input.content);
  if (content === '') throw new AppError(ERROR_CODES.INVALID_INPUT, 'content: nothing is left after removing unsafe HTML');
  return {
    title: input.title,
    preview: input.preview,
    content,
    pop_up: input.pop_up,
    valid_date: input.valid_date === null ? null : new Date(input.valid_date).toISOString(),
    important: input.important,
  };
}

/** Publishes a new announcement to every user. */
export async function createAnnouncement({ input, now }: { input: TAnnouncementInput; now: Date }): Promise<TAnnouncement> {
  const record: AnnouncementRecord = { id: timeOrderedId(now), published_time: now.toISOString(), ...announcementFields(input) };
  await createAnnouncementRecord(record);
  await broadcast({ event: 'announcement', data: { id: record.id } });
  return toAnnouncement(record, false, now);
}

/** Rewrites an announcement; users' read marks stay. */
export async function updateAnnouncement(options: { id: string; input: TAnnouncementInput; now: Date }): Promise<TAnnouncement> {
  const record = await updateAnnouncementRecord(options.id, announcementFields(options.input));
  if (!record) throw notFound();
  await broadcast({ event: 'announcement', data: { id: record.id } });
  return toAnnouncement(record, false, options.now);
}

/** Withdraws an announcement; open menus refetch and drop it. */
export async function deleteAnnouncement({ id }: { id: string }): Promise<void> {
  if (!(await deleteAnnouncementRecord(id))) throw notFound();
  await broadcast({ event: 'announcement', data: { id } });
}
