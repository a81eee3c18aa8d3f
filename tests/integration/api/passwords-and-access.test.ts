import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { updateAccount } from '../../../functions/data/accounts.js';
import { signToken } from '../../../functions/lib/jwt.js';
import { ROLE_IDS } from '../../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';

const PASSWORD = 'First-Password-1';
const CHANGE = '/api/v1/pageBasedAPI/settings/account/change-password';
let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

async function signUp(email: string) {
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname: 'Pat Lee', email, password: PASSWORD } });
  return { token: answer.body.token, tuid: String(decodeJwt(answer.body.token).tuid) };
}

describe('forced password change', () => {
  it('blocks other routes until the password is changed, then issues a token without the flag', async () => {
    // Prepare: a team admin demanded a password change, picked up at the next refresh.
    const { token, tuid } = await signUp('forced@example.com');
    await updateAccount(tuid, { forcePasswordChange: true });
    const flagged = (await api.request<{ token: string }>('GET', '/auth/refresh', { token })).body.token;
    // Act
    const blocked = await api.request('GET', '/api/v1/pageBasedAPI/dashboard/summary', { token: flagged });
    const userInfo = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: flagged });
    const reused = await api.request('POST', CHANGE, { token: flagged, body: { forceChangePassword: true, newPassword: PASSWORD } });
    const changed = await api.request<{ token: string }>('POST', CHANGE, { token: flagged, body: { forceChangePassword: true, newPassword: 'Second-Password-2' } });
    // Assess
    expect(decodeJwt(flagged).forcePasswordChange).toBe(true);
    expect(blocked.status).toBe(403);
    expect(blocked.body.statusCode).toBe(ERROR_CODES.PASSWORD_CHANGE_REQUIRED);
    expect(userInfo.status).toBe(200);
    expect(reused.body).toMatchObject({ statusCode: ERROR_CODES.PASSWORD_RECENTLY_USED, numOfRecentlyUsed: 5 });
    expect(decodeJwt(changed.body.token).forcePasswordChange).toBe(false);
    const login = await api.request('POST', '/auth/login', { body: { email: 'forced@example.com', password: 'Second-Password-2' } });
    expect(login.status).toBe(200);
  });

  it('needs the old password when no change is forced', async () => {
    // Prepare
    const { token } = await signUp('regular@example.com');
    // Act
    const forcedWithoutFlag = await api.request('POST', CHANGE, { token, body: { forceChangePassword: true, newPassword: 'Another-Password-3' } });
    const wrongOld = await api.request('POST', CHANGE, { token, body: { oldPassword: 'Not-The-Password-1', newPassword: 'Another-Password-3' } });
    const tooShort = await api.request('POST', CHANGE, { token, body: { oldPassword: PASSWORD, newPassword: 'Short-1' } });
    const changed = await api.request('POST', CHANGE, { token, body: { oldPassword: PASSWORD, newPassword: 'Another-Password-3' } });
    // Assess
    expect(forcedWithoutFlag.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(wrongOld.body.statusCode).toBe(ERROR_CODES.INCORRECT_PASSWORD);
    expect(tooShort.body.statusCode).toBe(ERROR_CODES.PASSWORD_TOO_SHORT);
    expect(changed.status).toBe(200);
  });
});

describe('access rules of the route table', () => {
  it('lets a connected role reach only the sections its flags allow, and not own-account routes', async () => {
    // Prepare: a Data Manager connected to another account (spec §6).
    const owner = await signUp('owner@example.com');
    const member = await signUp('member@example.com');
    const claims = ZTokenClaims.parse({
      ...decodeJwt(member.token),
      tuid: owner.tuid,
      connectionRole: ROLE_IDS.dataUser,
      permissions: { ...ROLE_PERMISSIONS.dataUser, dashboard: { read: false, write: false, delete: false, execute: false } },
    });
    const connected = await signToken(claims);
    // Act
    const dashboard = await api.request('GET', '/api/v1/pageBasedAPI/dashboard/summary', { token: connected });
    const language = await api.request('POST', '/api/v1/pageBasedAPI/language/ui-language', { token: connected, body: { isoCode: 'en' } });
    const user = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: connected });
    // Assess
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(language.status).toBe(403);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ tuid: owner.tuid, loginTuid: member.tuid, login: 'owner@example.com' });
  });

  it('answers common domains as comma-separated text', async () => {
    // Prepare
    const { token } = await signUp('domains@example.com');
    // Act
    const answer = await api.request<string>('GET', '/api/v1/pageBasedAPI/typo/common-domains', { token });
    // Assess
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(answer.body.split(',')).toContain('gmail.com');
  });

  it('answers /config without a token and with no secret in it', async () => {
    // Act
    const answer = await api.request('GET', '/config');
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ stage: 'test', idleTime: 3_600_000 });
    expect(JSON.stringify(answer.body)).not.toContain(process.env.JWT_SECRET ?? 'secret');
  });
});
