import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createAnnouncementRecord, markAnnouncement } from '../../../functions/data/announcements.js';
import { createNotificationRecord, markNotificationRecordRead } from '../../../functions/data/notifications.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

/** Stores a notification created at `createTime` through the repository, as a producer would. */
async function seedNotification(userId: string, createTime: Date, type: 'import' | 'export'): Promise<string> {
  const id = timeOrderedId(createTime);
  const messageType = type === 'import' ? 'finished' : 'failed';
  await createNotificationRecord({ id, userId, type, severity: 0, message: { type: messageType, values: {} }, createTime: createTime.toISOString() });
  return id;
}

describe('header menus read the real lists', () => {
  it('pages notifications newest first, counts unread, and never shows another user’s', async () => {
    // Prepare
    const me = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Me', email: 'me@example.com', password: 'Menus-Test-2026' } })).body.token;
    const other = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Other', email: 'other@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(me).loginTuid);
    // An expired notification (older than 180 days) is not shown even though TTL has not deleted it yet.
    await seedNotification(userId, new Date(Date.now() - 181 * 86_400_000), 'import');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(await seedNotification(userId, new Date(Date.now() - (12 - i) * 60_000), 'import'));
      if (i % 2 === 1) await markNotificationRecordRead(userId, ids[i], new Date());
    }
    // Act
    const first = await api.request<{ result: Array<{ id: string }> }>('GET', '/api/v1/pageBasedAPI/notification/pop-up?page=1&limit=10', { token: me });
    const second = await api.request<{ result: Array<{ id: string }> }>('GET', '/api/v1/pageBasedAPI/notification/pop-up?page=2&limit=10', { token: me });
    const count = await api.request('POST', '/api/v1/pageBasedAPI/notification/unopen-count', { token: me });
    const othersView = await api.request<{ result: unknown[] }>('GET', '/api/v1/pageBasedAPI/notification/pop-up', { token: other });
    // Assess
    expect(first.body.result.map((n) => n.id)).toEqual(ids.slice(2).reverse());
    expect(second.body.result.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(first.body.result[0]).not.toHaveProperty('PK');
    expect(count.body).toEqual({ count: 6 });
    expect(othersView.body.result).toEqual([]);
  });

  it('answers announcements with the user’s read marks and an empty cart', async () => {
    // Prepare
    const token = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Ann', email: 'ann@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(token).loginTuid);
    const [a1, a2] = [timeOrderedId(new Date(Date.UTC(2026, 10, 1))), timeOrderedId(new Date(Date.UTC(2026, 10, 2)))];
    for (const [id, time] of [[a1, '2026-11-01T00:00:00.000Z'], [a2, '2026-11-02T00:00:00.000Z']]) {
      await createAnnouncementRecord({ id, title: `Title ${id}`, preview: 'p', content: '<p>c</p>', published_time: time, pop_up: true, valid_date: null, important: false });
    }
    await markAnnouncement(userId, a1, 'readAt', new Date().toISOString());
    // Act
    const page = await api.request<{ data: Array<{ id: string; is_read: boolean }>; unread: number; current_page: number }>('GET', '/api/v1/pageBasedAPI/announcement/pop-up?page=1&limit=10', { token });
    const cart = await api.request('GET', '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart', { token });
    const cartCount = await api.request('GET', '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart/count', { token });
    // Assess
    expect(page.body.data.map((a) => [a.id, a.is_read])).toEqual([[a2, false], [a1, true]]);
    expect(page.body).toMatchObject({ unread: 1, current_page: 1 });
    expect(cart.body).toEqual({ count: 0, result: [], currency: 'HKD', paymentCycle: 'monthly' });
    expect(cartCount.body).toEqual({ count: 0 });
  });

  it('marks every announcement read, and clears all notifications except for the support team', async () => {
    // Prepare
    const token = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Clear', email: 'clear@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(token).loginTuid);
    for (let i = 0; i < 30; i += 1) await seedNotification(userId, new Date(Date.now() - (30 - i) * 60_000), 'export');
    const { signToken } = await import('../../../functions/lib/jwt.js');
    const { ZTokenClaims } = await import('../../../shared/schemas/session.js');
    const adminToken = await signToken(ZTokenClaims.parse({ ...decodeJwt(token), admin: true }));
    // Act
    const readAll = await api.request('PUT', '/api/v1/pageBasedAPI/announcement/readAll', { token });
    const announcements = await api.request<{ unread: number; data: Array<{ is_read: boolean }> }>('GET', '/api/v1/pageBasedAPI/announcement/pop-up', { token });
    const byAdmin = await api.request('DELETE', '/api/v1/pageBasedAPI/notification/delete-all', { token: adminToken });
    const cleared = await api.request('DELETE', '/api/v1/pageBasedAPI/notification/delete-all', { token });
    const after = await api.request<{ result: unknown[] }>('GET', '/api/v1/pageBasedAPI/notification/pop-up', { token });
    // Assess
    expect(readAll.body).toEqual({ success: true });
    expect(announcements.body.unread).toBe(0);
    expect(announcements.body.data.every((a) => a.is_read)).toBe(true);
    expect(byAdmin.status).toBe(403);
    expect(cleared.body).toEqual({ deleted: 30 });
    expect(after.body.result).toEqual([]);
  });
});
