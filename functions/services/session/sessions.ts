/**
 * Sign-up, login, logout, token refresh and keep-alive. Tokens live 15 minutes and name their
 * session (`sid`); the session item decides whether the token is still accepted anywhere
 * (functions/lib/authenticate.ts) and whether a refresh is allowed, so logout, password changes,
 * force-logout and locks end access at once.
 */
import { randomUUID } from 'node:crypto';
import { DAY_MS, RATE_LIMITS, SIGN_IN_HISTORY, type Language } from '../../../shared/constants.js';
import { passwordProblem } from '../../../shared/domain/password.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { describeUserAgent, networkLocation } from '../../../shared/domain/user-agent.js';
import type { TLoginAlert, TLoginRequest, TSessionResponse, TSignUpRequest } from '../../../shared/schemas/session.js';
import {
  createAccount,
  findTuidByLogin,
  getAccount,
  LoginTakenError,
  recordLogin,
  type AccountRecord,
} from '../../data/accounts.js';
import { deleteSession, deleteSessions, getOpenSession, putSession, touchSession } from '../../data/sessions.js';
import { putSignIn } from '../../data/sign-ins.js';
import { ttlSeconds } from '../../data/table-client.js';
import { config } from '../../lib/config.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { newFreeAccount } from './new-account.js';
import { enforceRateLimit, startLoginTry } from './rate-limit.js';
import { publish, type SocketEvent } from '../notifications/realtime.js';
import { closeSessionSockets } from '../notifications/socket-connections.js';
import { issueToken } from './tokens.js';

/** A session ends after this long without a refresh or keep-alive, whatever the client's idle time. */
const SESSION_INACTIVITY_LIMIT_MS = DAY_MS;

export type Client = { ip: string; userAgent: string; now: Date };

function assertCanSignIn(account: AccountRecord): void {
  if (account.status === 'terminated') throw new AppError(ERROR_CODES.INCORRECT_PASSWORD, 'The email or password is incorrect.');
  if (account.status === 'locked') {
    throw new AppError(ERROR_CODES.ACCOUNT_LOCKED, 'This account is locked.', { lockedBy: account.lockedBy ?? 'provider' });
  }
}

/** Opens a session and records the sign-in (settings → account → sign-in activity); answers its token. */
async function openSession({ account, client }: { account: AccountRecord; client: Client }): Promise<string> {
  const sid = randomUUID();
  await putSession({
    sid,
    loginTuid: account.tuid,
    tuid: account.tuid,
    createdAt: client.now.toISOString(),
    lastActiveAt: client.now.toISOString(),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
    expiresAt: ttlSeconds(new Date(client.now.getTime() + SESSION_INACTIVITY_LIMIT_MS)),
  });
  await putSignIn(account.tuid, { ...loginAlert(client), sid, expiresAt: ttlSeconds(new Date(client.now.getTime() + SIGN_IN_HISTORY.keptDays * DAY_MS)) });
  return issueToken({ account, sid });
}

/** Creates a free, unverified account and signs it in (spec §1). */
export async function signUp({ input, client }: { input: TSignUpRequest & { language?: Language }; client: Client }): Promise<TSessionResponse> {
  await enforceRateLimit({ scope: 'signup-ip', subject: client.ip, limit: RATE_LIMITS.signUpPerIp, now: client.now });
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError(problem, 'The password does not meet the rules.');
  const account = newFreeAccount({
    fullname: input.fullname,
    login: input.email,
    passwordHash: await hashPassword(input.password),
    language: input.language,
    timezone: input.timezone,
    now: client.now,
  });
  try {
    await createAccount(account);
  } catch (error) {
    if (error instanceof LoginTakenError) throw new AppError(ERROR_CODES.EMAIL_USED, 'Email is already used.');
    throw error;
  }
  const token = await openSession({ account: await recordLogin(account.tuid), client });
  return { token, idleTime: config().IDLE_TIME_MS, url: 'welcome', newSignUp: true, loginAlert: loginAlert(client) };
}

/** The login alert of spec §3 for a sign-in from this client. */
function loginAlert(client: Client): TLoginAlert {
  return { location: networkLocation(client.ip), ip: client.ip, ...describeUserAgent(client.userAgent), time: client.now.toISOString() };
}

/**
 * Signs in. Unknown emails and wrong passwords answer the same code after the same work, so the
 * answer does not tell whether an email is registered; failures are throttled per account and
 * source (startLoginTry). The user's browsers already connected
 * hear of the new sign-in (`newLogin`, the new-login dialog of spec §2.5).
 */
export async function logIn({ input, client }: { input: TLoginRequest; client: Client }): Promise<TSessionResponse> {
  const loginTry = await startLoginTry({ email: input.email, ip: client.ip, now: client.now });
  const tuid = await findTuidByLogin(input.email);
  const account = tuid ? await getAccount(tuid) : null;
  const passwordMatches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !passwordMatches) throw new AppError(ERROR_CODES.INCORRECT_PASSWORD, 'The email or password is incorrect.');
  await loginTry.succeeded();
  assertCanSignIn(account);
  const token = await openSession({ account: await recordLogin(account.tuid), client });
  const alert = loginAlert(client);
  await publish(account.tuid, { event: 'newLogin', data: alert });
  return { token, idleTime: config().IDLE_TIME_MS, url: 'dashboard', newSignUp: false, loginAlert: alert };
}

/** Ends the caller's session: its token is refused from now on and its sockets close. */
export async function logOut({ claims }: { claims: VerifiedToken }): Promise<void> {
  await endSessions({ loginTuid: claims.loginTuid, sid: claims.sid });
}

/**
 * Ends sessions of a user: one (`sid`), or every one but `keepSid` (if given). Their tokens are
 * refused on every route and socket from then on (within OPEN_SESSION_TRUST_MS), every tab of
 * the user hears `notice` (if given: why), and then the ended sessions' sockets close.
 */
export async function endSessions(options: { loginTuid: string; sid?: string; keepSid?: string; notice?: SocketEvent }): Promise<void> {
  const { loginTuid, sid, keepSid, notice } = options;
  if (sid) await deleteSession(loginTuid, sid);
  else await deleteSessions(loginTuid, { keepSid });
  if (notice) await publish(loginTuid, notice);
  await closeSessionSockets({ userId: loginTuid, isEnded: (connectionSid) => (sid ? connectionSid === sid : connectionSid !== keepSid), now: new Date() });
}

/** A fresh token with claims re-read from the account, while the session is open. */
export async function refreshSession({ claims, now }: { claims: VerifiedToken; now: Date }): Promise<{ token: string }> {
  const session = await getOpenSession(claims.loginTuid, claims.sid, now);
  const account = session ? await getAccount(claims.loginTuid) : null;
  if (!session || !account) throw new AppError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
  assertCanSignIn(account);
  await keepSessionAlive({ claims, now });
  return { token: await issueToken({ account, sid: claims.sid }) };
}

/** The idle reminder's "Remain Login": the session stays open. */
export async function keepSessionAlive({ claims, now }: { claims: VerifiedToken; now: Date }): Promise<void> {
  const open = await touchSession(claims.loginTuid, claims.sid, now, new Date(now.getTime() + SESSION_INACTIVITY_LIMIT_MS));
  if (!open) throw new AppError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
}

/** Starts a session for an account whose claims changed (verification, password change). */
export function reissueToken({ account, claims }: { account: AccountRecord; claims: VerifiedToken }): Promise<string> {
  return issueToken({ account, sid: claims.sid });
}
