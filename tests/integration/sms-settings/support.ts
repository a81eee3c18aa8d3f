/** Shared steps of the SMS settings tests: accounts, connected users, support staff, typed calls. */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { signToken } from '../../../functions/lib/tokens.js';
import { ROLE_IDS, type RoleKey } from '../../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import type { ErrorBody } from '../../../shared/errors.js';
import type { TNotificationPage } from '../../../shared/schemas/notifications.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import type { TSenderId } from '../../../shared/schemas/sms-settings.js';
import type { ApiClient } from '../../helpers/api.js';

export const API = '/api/v1/pageBasedAPI';

/** An answer that is either `T` or the spec's error shape. */
export type Answer<T> = T & Partial<ErrorBody>;

/** A user acting on an account: the account (tuid), the user behind the token (loginTuid). */
export type Actor = { token: string; tuid: string; loginTuid: string };

let signedUp = 0;

export async function signUpAs(api: ApiClient, fullname: string): Promise<Actor> {
  signedUp += 1;
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname, email: `sms-${signedUp}-${Date.now()}@example.com`, password: 'Sms-Settings-2026' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const claims = decodeJwt(answer.body.token);
  return { token: answer.body.token, tuid: String(claims.tuid), loginTuid: String(claims.loginTuid) };
}

/** `member` acting on `owner`'s account through a connection with a role's default flags (spec §6). */
export async function connect(owner: Actor, member: Actor, role: RoleKey): Promise<Actor> {
  const claims = ZTokenClaims.parse({ ...decodeJwt(member.token), tuid: owner.tuid, connectionRole: ROLE_IDS[role], permissions: ROLE_PERMISSIONS[role] });
  return { token: await signToken(claims), tuid: owner.tuid, loginTuid: member.loginTuid };
}

/** The same user as provider support staff. */
export async function asSupport(actor: Actor): Promise<Actor> {
  return { ...actor, token: await signToken(ZTokenClaims.parse({ ...decodeJwt(actor.token), admin: true })) };
}

export function call<T = Record<string, unknown>>(api: ApiClient, actor: Actor, method: string, path: string, body?: unknown) {
  return api.request<T>(method, `${API}${path}`, { token: actor.token, body });
}

export async function requestSenderId(api: ApiClient, actor: Actor, senderId: string): Promise<TSenderId> {
  const answer = await call<{ senderId: TSenderId }>(api, actor, 'POST', '/sms/sender-ids', { senderId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.senderId;
}

export async function notificationsOf(api: ApiClient, actor: Actor) {
  return (await call<TNotificationPage>(api, actor, 'GET', '/notification/pop-up?page=1&limit=100')).body.result;
}
