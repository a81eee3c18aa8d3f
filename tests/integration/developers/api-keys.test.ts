/**
 * API keys through the real handlers against DynamoDB Local: made and shown once, stored hashed,
 * used as a bearer with only their scopes (403 in the error shape outside them, never settings,
 * session-only or developer routes), last-used time, revoked, rate-limited per key, and bad input
 * that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getApiKey } from '../../../functions/data/api-keys.js';
import { keys } from '../../../functions/data/keys.js';
import { table } from '../../../functions/data/table-client.js';
import { API_KEY_RATE_SCOPE, apiKeyRateSubject } from '../../../functions/lib/authenticate-api-key.js';
import { RATE_LIMITS } from '../../../shared/constants.js';
import type { TPermissions } from '../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TApiKey, TApiKeyCreated } from '../../../shared/schemas/developers.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

const NO_SCOPES: TPermissions = {
  dashboard: { read: false, write: false, delete: false, execute: false },
  contact: { read: false, write: false, delete: false, execute: false },
  group: { read: false, write: false, delete: false, execute: false },
  email: { read: false, write: false, delete: false, execute: false },
  sms: { read: false, write: false, delete: false, execute: false },
  template: { read: false, write: false, delete: false, execute: false },
};
const CONTACT_READ: TPermissions = { ...NO_SCOPES, contact: { read: true, write: false, delete: false, execute: false } };

const createKey = (actor: Actor, body: unknown) => call<TApiKeyCreated>(api, actor, 'POST', '/developers/api-keys', body);
const listKeys = async (actor: Actor) => (await call<{ data: TApiKey[] }>(api, actor, 'GET', '/developers/api-keys')).body.data;
const asKey = (key: string) => ({ token: key });

/** Counts a full window of calls for a key, now and in the next window. */
async function fillRateWindows(subject: string, now: Date): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS.apiKeyRequests;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const start = nowSeconds - (nowSeconds % windowSeconds);
  const { db, name } = table();
  for (const windowStart of [start, start + windowSeconds]) {
    await db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.rateWindow(API_KEY_RATE_SCOPE, subject, windowStart),
        UpdateExpression: 'ADD attempts :max SET expiresAt = :expires',
        ExpressionAttributeValues: { ':max': max, ':expires': windowStart + 2 * windowSeconds },
      }),
    );
  }
}

describe('API keys', () => {
  it('shows a new key once, lists it without its secret, and stores only a hash of it', async () => {
    // Prepare
    const ada = await signUpAs(api, 'Ada Lovelace');

    // Act
    const created = await createKey(ada, { name: ' Nightly sync ', scopes: CONTACT_READ });
    const listed = await listKeys(ada);

    // Assess
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^cpk\./);
    expect(created.body.apiKey).toEqual({ id: expect.any(String), name: 'Nightly sync', scopes: CONTACT_READ, lastFour: created.body.key.slice(-4), createdAt: expect.any(String), lastUsedAt: null });
    expect(listed).toEqual([created.body.apiKey]);
    expect(JSON.stringify(listed)).not.toContain(created.body.key.split('.')[3]);
    const stored = await getApiKey(ada.tuid, created.body.apiKey.id);
    expect(JSON.stringify(stored)).not.toContain(created.body.key.split('.')[3]);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reaches the routes of its scopes as the account, and answers 403 in the error shape outside them', async () => {
    // Prepare
    const bob = await signUpAs(api, 'Bob Babbage');
    const { key } = (await createKey(bob, { name: 'reader', scopes: CONTACT_READ })).body;

    // Act
    const count = await call<{ count: number }>(api, asKey(key), 'POST', '/contacts/count', {});
    const writeField = await call(api, asKey(key), 'POST', '/contacts/schemas', { name: 'Shoe size', type: 'number' });
    const groups = await call(api, asKey(key), 'GET', '/groups');
    const settings = await call(api, asKey(key), 'GET', '/sms/calling-codes');
    const developerRoutes = await call(api, asKey(key), 'GET', '/developers/api-keys');
    const notifications = await call(api, asKey(key), 'GET', '/notification/unopen-count');
    const fields = await call<{ data: unknown[] }>(api, bob, 'GET', '/contacts/schemas');

    // Assess
    expect(count.status).toBe(200);
    expect(count.body.count).toBe(0);
    for (const refused of [writeField, groups, settings, developerRoutes, notifications]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ statusCode: ERROR_CODES.NO_PERMISSION, message: expect.any(String) });
    }
    expect(JSON.stringify(fields.body)).not.toContain('Shoe size');
  });

  it('writes with a write scope on the account that made the key, and records when the key was last used', async () => {
    // Prepare
    const carol = await signUpAs(api, 'Carol Curie');
    const scopes = { ...NO_SCOPES, contact: { read: true, write: true, delete: false, execute: false } };
    const { key, apiKey } = (await createKey(carol, { name: 'writer', scopes })).body;

    // Act
    const created = await call(api, asKey(key), 'POST', '/contacts/schemas', { name: 'Shoe size', type: 'number' });
    const fields = await call(api, carol, 'GET', '/contacts/schemas');
    const [listed] = await listKeys(carol);

    // Assess
    expect(created.status).toBe(201);
    expect(JSON.stringify(fields.body)).toContain('Shoe size');
    expect(listed.id).toBe(apiKey.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked key, a wrong secret and a malformed key with 401; another account cannot revoke a key', async () => {
    // Prepare
    const dan = await signUpAs(api, 'Dan Dijkstra');
    const eve = await signUpAs(api, 'Eve Euler');
    const { key, apiKey } = (await createKey(dan, { name: 'temporary', scopes: CONTACT_READ })).body;
    const before = await call(api, asKey(key), 'POST', '/contacts/count', {});

    // Act
    const byOther = await call(api, eve, 'DELETE', `/developers/api-keys/${apiKey.id}`);
    const stillWorks = await call(api, asKey(key), 'POST', '/contacts/count', {});
    const revoked = await call(api, dan, 'DELETE', `/developers/api-keys/${apiKey.id}`);
    const afterRevoke = await call(api, asKey(key), 'POST', '/contacts/count', {});
    const again = await call(api, dan, 'DELETE', `/developers/api-keys/${apiKey.id}`);
    const wrongSecret = await call(api, asKey(`${key.slice(0, -4)}AAAA`), 'POST', '/contacts/count', {});
    const malformed = await call(api, asKey('cpk.nothing'), 'POST', '/contacts/count', {});

    // Assess
    expect(before.status).toBe(200);
    expect(byOther.status).toBe(404);
    expect(stillWorks.status).toBe(200);
    expect(revoked.status).toBe(200);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body).toEqual({ statusCode: ERROR_CODES.UNAUTHENTICATED, message: expect.any(String) });
    expect(again.status).toBe(404);
    expect(wrongSecret.status).toBe(401);
    expect(malformed.status).toBe(401);
    expect(await listKeys(dan)).toEqual([]);
  });

  it('answers 429 with Retry-After once a key makes more calls than its rate, without slowing the account’s other keys', async () => {
    // Prepare: the busy key's current and next windows are full (the call may land in either).
    const fay = await signUpAs(api, 'Fay Fermat');
    const busy = (await createKey(fay, { name: 'busy', scopes: CONTACT_READ })).body;
    const quiet = (await createKey(fay, { name: 'quiet', scopes: CONTACT_READ })).body;
    await fillRateWindows(apiKeyRateSubject(fay.tuid, busy.apiKey.id), new Date());

    // Act
    const limited = await call(api, asKey(busy.key), 'POST', '/contacts/count', {});
    const other = await call(api, asKey(quiet.key), 'POST', '/contacts/count', {});

    // Assess
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: ERROR_CODES.RATE_LIMITED, message: expect.any(String), retryAfter: expect.any(Number) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(other.status).toBe(200);
  });

  it('lets only the account owner manage keys, and refuses bad input writing nothing', async () => {
    // Prepare
    const gus = await signUpAs(api, 'Gus Gauss');
    const helper = await signUpAs(api, 'Hal Hopper');
    const collaborator = await connect(gus, helper, 'collaborator');

    // Act
    const answers = {
      byCollaborator: await createKey(collaborator, { name: 'mine', scopes: CONTACT_READ }),
      listByCollaborator: await call(api, collaborator, 'GET', '/developers/api-keys'),
      emptyName: await createKey(gus, { name: '  ', scopes: CONTACT_READ }),
      longName: await createKey(gus, { name: 'x'.repeat(101), scopes: CONTACT_READ }),
      noScope: await createKey(gus, { name: 'nothing', scopes: NO_SCOPES }),
      unknownSection: await createKey(gus, { name: 'partial', scopes: { contact: CONTACT_READ.contact } }),
      missing: await createKey(gus, {}),
      badId: await call(api, gus, 'DELETE', '/developers/api-keys/not-an-id'),
      signedOut: await call(api, null, 'POST', '/developers/api-keys', { name: 'anon', scopes: CONTACT_READ }),
    };

    // Assess
    expect(answers.byCollaborator.status).toBe(403);
    expect(answers.listByCollaborator.status).toBe(403);
    for (const answer of [answers.emptyName, answers.longName, answers.noScope, answers.unknownSection, answers.missing, answers.badId]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.signedOut.status).toBe(401);
    expect(await listKeys(gus)).toEqual([]);
  });
});
