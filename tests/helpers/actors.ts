/** Users of the API tests: accounts signed up through the API under a chosen name, and connected users acting on another account. */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { signToken } from '../../functions/lib/jwt.js';
import { ROLE_IDS, type RoleKey } from '../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../shared/domain/permissions.js';
import { ZTokenClaims } from '../../shared/schemas/session.js';
import type { ApiClient } from './api.js';

/** A user acting on an account: the account (tuid), the user behind the token (loginTuid). */
export type Actor = { token: string; tuid: string; loginTuid: string };

let signedUp = 0;

/** A new account signed up through the API under `fullname` (the name lockedBy and notifications show). */
export async function signUpAs(api: ApiClient, fullname: string): Promise<Actor> {
  signedUp += 1;
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname, email: `user-${signedUp}-${Date.now()}@example.com`, password: 'Api-Test-User-2026' },
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
