/** Shared steps of the template tests: accounts with chosen names, connected users, typed calls. */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { signToken } from '../../../functions/lib/tokens.js';
import { ROLE_IDS, type RoleKey } from '../../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import type { TTemplate } from '../../../shared/schemas/templates.js';
import type { ApiClient } from '../../helpers/api.js';

export const TEMPLATES = '/api/v1/pageBasedAPI/templates';

/** A user acting on an account: the account (tuid), the user behind the token (loginTuid). */
export type Actor = { token: string; tuid: string; loginTuid: string };

let signedUp = 0;

/** A new account signed up through the API under `fullname` (the name lockedBy shows). */
export async function signUpAs(api: ApiClient, fullname: string): Promise<Actor> {
  signedUp += 1;
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname, email: `templates-${signedUp}-${Date.now()}@example.com`, password: 'Template-Test-2026' },
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

export function call<T = Record<string, unknown>>(api: ApiClient, actor: Actor, method: string, path: string, body?: unknown) {
  return api.request<T>(method, `${TEMPLATES}${path}`, { token: actor.token, body });
}

export async function createTemplate(api: ApiClient, actor: Actor, body: Record<string, unknown>): Promise<TTemplate> {
  const answer = await call<{ template: TTemplate }>(api, actor, 'POST', '', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.template;
}

export const emailContent = (html: string, project: string | null = null) => ({ kind: 'email', editor: 'dragAndDrop', html, project });
export const smsContent = (text: string) => ({ kind: 'sms', text });
