/**
 * Accounts for tests: signed up through the API under a chosen name, connected to another account
 * with a role, made support staff, verified, or written straight to the store with credits.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { createAccount, updateAccount, type AccountRecord } from '../../../functions/data/accounts.js';
import { signToken } from '../../../functions/lib/jwt.js';
import { newFreeAccount } from '../../../functions/services/session/new-account.js';
import { ROLE_IDS, type RoleKey } from '../../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import { assertStatus, call, type ApiClient } from '../api.js';

/** A user acting on an account: the account (tuid), the user behind the token (loginTuid). */
export type Actor = { token: string; tuid: string; loginTuid: string };

let signedUp = 0;

/** A new free account signed up through the API under `fullname` (the name lockedBy and notifications show), with its login email; a generated one unless given. */
export async function signUpAs(api: ApiClient, fullname: string, credentials: { email?: string; password?: string } = {}): Promise<Actor & { email: string }> {
  signedUp += 1;
  const email = credentials.email ?? `user-${signedUp}-${Date.now()}@example.com`;
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname, email, password: credentials.password ?? 'Api-Test-User-2026' } });
  assertStatus(answer, 201);
  const claims = decodeJwt(answer.body.token);
  return { token: answer.body.token, tuid: String(claims.tuid), loginTuid: String(claims.loginTuid), email };
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

/** A new account whose login email is verified (only verified accounts send), named `fullname`. */
export async function verifiedAccount(api: ApiClient, fullname: string): Promise<Actor & { login: string }> {
  const actor = await signUpAs(api, fullname);
  const user = await call<{ login: string }>(api, actor, 'GET', '/user');
  await updateAccount(actor.tuid, { unverified: false, status: 'active' });
  return { ...actor, login: user.body.login };
}

/** An active paid account written straight to the store, with credits to send (the send pipeline's tests need no session). */
export async function seedAccount(options: { emailCredits?: number; smsCredits?: number; free?: boolean; unverified?: boolean } = {}): Promise<AccountRecord> {
  const base = newFreeAccount({ fullname: 'Sender', login: `sender-${randomUUID()}@example.com`, passwordHash: 'x', now: new Date() });
  const account: AccountRecord = {
    ...base,
    status: 'active',
    free: options.free ?? false,
    unverified: options.unverified ?? false,
    credits: { ...base.credits, email: options.emailCredits ?? 10_000, sms: options.smsCredits ?? 0 },
  };
  await createAccount(account);
  return account;
}
