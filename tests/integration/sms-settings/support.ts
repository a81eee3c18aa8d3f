/** Shared steps of the SMS settings tests: accounts, connected users, support staff, typed calls. */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { signToken } from '../../../functions/lib/jwt.js';
import type { ErrorBody } from '../../../shared/errors.js';
import type { TNotificationPage } from '../../../shared/schemas/notifications.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import type { TSenderId } from '../../../shared/schemas/sms-settings.js';
import type { ApiClient } from '../../helpers/api.js';

export const API = '/api/v1/pageBasedAPI';

/** An answer that is either `T` or the spec's error shape. */
export type Answer<T> = T & Partial<ErrorBody>;

export { connect, signUpAs, type Actor } from '../../helpers/actors.js';
import type { Actor } from '../../helpers/actors.js';

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
