import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { keys, ttlSeconds } from '../../../functions/data/keys.js';
import { documentClient } from '../../../functions/lib/aws/dynamodb.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';

let api: ApiClient;
let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

async function put(item: Record<string, unknown>) {
  await documentClient().send(new PutCommand({ TableName: testTable.tableName, Item: item }));
}

describe('header menus read the real lists', () => {
  it('pages notifications newest first, counts unread, and never shows another user’s', async () => {
    // Prepare
    const me = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Me', email: 'me@example.com', password: 'Menus-Test-2026' } })).body.token;
    const other = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Other', email: 'other@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(me).loginTuid);
    const expiresAt = ttlSeconds(new Date(Date.now() + 86_400_000));
    for (let i = 0; i < 12; i += 1) {
      const createTime = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
      await put({ ...keys.notification(userId, createTime, `n${i}`), id: `n${i}`, userId, type: 'import', severity: 0, message: { type: 'import', values: {} }, createTime, unread: i % 2 === 0, expiresAt });
    }
    // An expired notification is not shown even though TTL has not deleted it yet.
    await put({ ...keys.notification(userId, '2026-11-02T00:00:00.000Z', 'old'), id: 'old', userId, type: 'import', severity: 0, message: { type: 'import', values: {} }, createTime: '2026-11-02T00:00:00.000Z', unread: true, expiresAt: 1 });
    // Act
    const first = await api.request<{ result: Array<{ id: string }> }>('GET', '/api/v1/pageBasedAPI/notification/pop-up?page=1&limit=10', { token: me });
    const second = await api.request<{ result: Array<{ id: string }> }>('GET', '/api/v1/pageBasedAPI/notification/pop-up?page=2&limit=10', { token: me });
    const count = await api.request('POST', '/api/v1/pageBasedAPI/notification/unopen-count', { token: me });
    const othersView = await api.request<{ result: unknown[] }>('GET', '/api/v1/pageBasedAPI/notification/pop-up', { token: other });
    // Assess
    expect(first.body.result.map((n) => n.id)).toEqual(['n11', 'n10', 'n9', 'n8', 'n7', 'n6', 'n5', 'n4', 'n3', 'n2']);
    expect(second.body.result.map((n) => n.id)).toEqual(['n1', 'n0']);
    expect(first.body.result[0]).not.toHaveProperty('PK');
    expect(count.body).toEqual({ count: 6 });
    expect(othersView.body.result).toEqual([]);
  });

  it('answers announcements with the user’s read marks and an empty cart', async () => {
    // Prepare
    const token = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Ann', email: 'ann@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(token).loginTuid);
    for (const [id, time] of [['a1', '2026-11-01T00:00:00Z'], ['a2', '2026-11-02T00:00:00Z']]) {
      await put({ ...keys.announcement(time, id), id, title: `Title ${id}`, preview: 'p', content: '<p>c</p>', published_time: time, pop_up: true, valid_date: null, important: false });
    }
    await put(keys.announcementRead(userId, 'a1'));
    // Act
    const page = await api.request<{ data: Array<{ id: string; is_read: boolean }>; unread: number; current_page: number }>('GET', '/api/v1/pageBasedAPI/announcement/pop-up?page=1&limit=10', { token });
    const cart = await api.request('GET', '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart', { token });
    const cartCount = await api.request('GET', '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart/count', { token });
    // Assess
    expect(page.body.data.map((a) => [a.id, a.is_read])).toEqual([['a2', false], ['a1', true]]);
    expect(page.body).toMatchObject({ unread: 1, current_page: 1 });
    expect(cart.body).toEqual({ count: 0, result: [] });
    expect(cartCount.body).toEqual({ count: 0 });
  });

  it('marks every announcement read, and clears all notifications except for the support team', async () => {
    // Prepare
    const token = (await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Clear', email: 'clear@example.com', password: 'Menus-Test-2026' } })).body.token;
    const userId = String(decodeJwt(token).loginTuid);
    const expiresAt = ttlSeconds(new Date(Date.now() + 86_400_000));
    for (let i = 0; i < 30; i += 1) {
      const createTime = new Date(Date.UTC(2026, 10, 3, 0, i)).toISOString();
      await put({ ...keys.notification(userId, createTime, `c${i}`), id: `c${i}`, userId, type: 'export', severity: 1, message: { type: 'export', values: {} }, createTime, unread: true, expiresAt });
    }
    const { signToken } = await import('../../../functions/lib/tokens.js');
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
