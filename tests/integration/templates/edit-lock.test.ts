/**
 * Edit locking (spec §4 "Edit locking", §8 lockedBy): one user edits a template at a time, the
 * others are refused with Access Denied naming the editor, a lock lapses a lease after the last
 * renewal (the clock is passed to the services, so no test waits a minute), and release frees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockTemplate, saveTemplate } from '../../../functions/services/templates/templates.js';
import { EDIT_LOCK } from '../../../shared/domain/templates.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TTemplate, TTemplateListResponse, TTemplateLockResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { emailContent, seedTemplate } from '../../helpers/seed/templates.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

/** The owner Ada and Bob, a Collaborator connected to her account: both may edit its templates. */
async function twoEditors(): Promise<{ ada: Actor; bob: Actor; templateId: string }> {
  const ada = await signUpAs(api, 'Ada Lovelace');
  const bob = await connect(ada, await signUpAs(api, 'Bob Babbage'), 'collaborator');
  const template = await seedTemplate(api, ada, { name: 'Launch', content: emailContent('<p>v1</p>') });
  return { ada, bob, templateId: template.id };
}

/** What a service call threw, as the error body the API would answer. */
async function refusal(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { ...error.toBody() };
}

const ACCESS_DENIED = (lockedBy: string) => ({ statusCode: ERROR_CODES.BEING_MODIFIED, message: `${lockedBy} is editing this template.`, lockedBy });

describe('edit locking', () => {
  it('lets one user edit at a time and refuses the others with Access Denied naming the editor', async () => {
    // Prepare
    const { ada, bob, templateId } = await twoEditors();
    const before = Date.now();

    // Act
    const adaLock = await call<TTemplateLockResponse>(api, ada, 'POST', `/templates/${templateId}/lock`);
    const bobLock = await call(api, bob, 'POST', `/templates/${templateId}/lock`);
    const bobChanges = await Promise.all([
      call(api, bob, 'PUT', `/templates/${templateId}`, { content: emailContent('<p>Bob was here</p>') }),
      call(api, bob, 'PUT', `/templates/${templateId}/name`, { name: 'Bob’s launch' }),
      call(api, bob, 'DELETE', `/templates/${templateId}`),
      call(api, bob, 'DELETE', '/templates', { ids: [templateId] }),
    ]);
    const bobCopy = await call(api, bob, 'POST', `/templates/${templateId}/copy`);
    const renewed = await call<TTemplateLockResponse>(api, ada, 'POST', `/templates/${templateId}/lock`);
    const adaSave = await call<{ template: TTemplateSummary }>(api, ada, 'PUT', `/templates/${templateId}`, { name: 'Launch v2', content: emailContent('<p>v2</p>') });
    const seenByBob = (await call<{ template: TTemplate }>(api, bob, 'GET', `/templates/${templateId}`)).body.template;
    const listedForBob = (await call<TTemplateListResponse>(api, bob, 'GET', '/templates')).body.data.find((template) => template.id === templateId);

    // Assess
    expect(adaLock.status).toBe(200);
    expect(adaLock.body).toMatchObject({ lock: { loginTuid: ada.loginTuid, name: 'Ada Lovelace' }, heartbeatMs: EDIT_LOCK.heartbeatMs });
    const expiresAt = Date.parse(adaLock.body.lock.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + EDIT_LOCK.leaseMs);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + EDIT_LOCK.leaseMs);
    expect([bobLock.status, bobLock.body]).toEqual([409, ACCESS_DENIED('Ada Lovelace')]);
    expect(bobChanges.map((answer) => [answer.status, answer.body])).toEqual(Array.from({ length: 4 }, () => [409, ACCESS_DENIED('Ada Lovelace')]));
    // Copying only reads the template: allowed while it is being edited.
    expect(bobCopy.status).toBe(201);
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.body.lock.expiresAt)).toBeGreaterThanOrEqual(expiresAt);
    expect(adaSave.status, JSON.stringify(adaSave.body)).toBe(200);
    expect(adaSave.body.template).toMatchObject({ name: 'Launch v2', updatedBy: { loginTuid: ada.loginTuid, name: 'Ada Lovelace' } });
    expect(seenByBob).toMatchObject({ name: 'Launch v2', content: emailContent('<p>v2</p>'), lock: { loginTuid: ada.loginTuid, name: 'Ada Lovelace' } });
    expect(listedForBob?.lock?.name).toBe('Ada Lovelace');
  });

  it('refuses a save by a user who holds no live lock, and keeps the content', async () => {
    // Prepare
    const { ada, templateId } = await twoEditors();

    // Act
    const unlocked = await call(api, ada, 'PUT', `/templates/${templateId}`, { content: emailContent('<p>no lock</p>') });
    await call(api, ada, 'POST', `/templates/${templateId}/lock`);
    const released = await call(api, ada, 'DELETE', `/templates/${templateId}/lock`);
    const afterRelease = await call(api, ada, 'PUT', `/templates/${templateId}`, { name: 'Renamed without lock' });
    const template = (await call<{ template: TTemplate }>(api, ada, 'GET', `/templates/${templateId}`)).body.template;

    // Assess
    expect([unlocked.status, unlocked.body.statusCode]).toEqual([409, ERROR_CODES.EDIT_LOCK_REQUIRED]);
    expect(released.body).toEqual({ success: true });
    expect([afterRelease.status, afterRelease.body.statusCode]).toEqual([409, ERROR_CODES.EDIT_LOCK_REQUIRED]);
    expect(template).toMatchObject({ name: 'Launch', lock: null, content: emailContent('<p>v1</p>') });
  });

  it('lets the lock lapse a lease after its last renewal, so another user can take over', async () => {
    // Prepare: Ada takes the lock now, then her editor stops renewing it.
    const { ada, bob, templateId } = await twoEditors();
    await call(api, ada, 'POST', `/templates/${templateId}/lock`);
    const taken = Date.now();
    const at = (offsetMs: number) => new Date(taken + offsetMs);
    const bobCaller = { tuid: bob.tuid, loginTuid: bob.loginTuid };
    const adaCaller = { tuid: ada.tuid, loginTuid: ada.loginTuid };

    // Act
    const whileLive = await refusal(lockTemplate({ ...bobCaller, templateId, now: at(EDIT_LOCK.leaseMs / 2) }));
    const adaLate = await refusal(saveTemplate({ ...adaCaller, templateId, input: { name: 'Too late' }, now: at(EDIT_LOCK.leaseMs + 1000) }));
    const takeover = await lockTemplate({ ...bobCaller, templateId, now: at(EDIT_LOCK.leaseMs + 1000) });
    // Bob's lock runs from the injected time, so it is live at the real clock the API uses.
    const adaNow = await call(api, ada, 'PUT', `/templates/${templateId}`, { name: 'Ada again' });
    const adaRelock = await call(api, ada, 'POST', `/templates/${templateId}/lock`);
    const bobSaves = await saveTemplate({ ...bobCaller, templateId, input: { name: 'Bob’s now' }, now: at(EDIT_LOCK.leaseMs + 2000) });

    // Assess
    expect(whileLive).toEqual(ACCESS_DENIED('Ada Lovelace'));
    expect(adaLate.statusCode).toBe(ERROR_CODES.EDIT_LOCK_REQUIRED);
    expect(takeover.lock).toMatchObject({ loginTuid: bob.loginTuid, name: 'Bob Babbage' });
    expect([adaNow.status, adaNow.body]).toEqual([409, ACCESS_DENIED('Bob Babbage')]);
    expect([adaRelock.status, adaRelock.body]).toEqual([409, ACCESS_DENIED('Bob Babbage')]);
    expect(bobSaves).toMatchObject({ name: 'Bob’s now', updatedBy: { loginTuid: bob.loginTuid, name: 'Bob Babbage' } });
  });

  it('frees the template at once when the editor releases it; releasing another’s lock changes nothing', async () => {
    // Prepare
    const { ada, bob, templateId } = await twoEditors();
    await call(api, ada, 'POST', `/templates/${templateId}/lock`);

    // Act
    const bobReleasesAdas = await call(api, bob, 'DELETE', `/templates/${templateId}/lock`);
    const bobStillRefused = await call(api, bob, 'POST', `/templates/${templateId}/lock`);
    await call(api, ada, 'DELETE', `/templates/${templateId}/lock`);
    const bobTakes = await call<TTemplateLockResponse>(api, bob, 'POST', `/templates/${templateId}/lock`);
    const adaRefused = await call(api, ada, 'POST', `/templates/${templateId}/lock`);

    // Assess
    expect(bobReleasesAdas.body).toEqual({ success: true });
    expect(bobStillRefused.body).toEqual(ACCESS_DENIED('Ada Lovelace'));
    expect(bobTakes.body.lock.name).toBe('Bob Babbage');
    expect([adaRefused.status, adaRefused.body]).toEqual([409, ACCESS_DENIED('Bob Babbage')]);
  });
});
