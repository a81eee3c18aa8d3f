/**
 * Login email verification (spec §4): a 6-digit code by mail, a 60-second resend cooldown, a
 * limited number of guesses per code, and the change of login email confirmed by a code sent to
 * the new address.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RATE_LIMITS,
  REVERIFICATION_INTERVAL_MS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from '../../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TSendVerificationResponse } from '../../../shared/schemas/account.js';
import { changeLogin, findTuidByLogin, getAccount, LoginTakenError, markLoginVerified, type AccountRecord } from '../../data/accounts.js';
import { ttlSeconds } from '../../data/table-client.js';
import {
  CooldownError,
  claimGuess,
  recordVerificationBounce,
  deleteVerification,
  getVerification,
  putVerification,
  type VerificationPurpose,
  type VerificationRecord,
} from '../../data/verifications.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { verificationCodeMail } from '../notifications/mail-templates.js';
import { publish } from '../notifications/realtime.js';
import { enforceRateLimit } from './rate-limit.js';
import { reissueToken } from './sessions.js';

function hashCode(tuid: string, purpose: VerificationPurpose, code: string): string {
  return createHash('sha256').update(`${tuid}:${purpose}:${code}`).digest('hex');
}

async function loginAccount(claims: VerifiedToken): Promise<AccountRecord> {
  const account = await getAccount(claims.loginTuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return account;
}

/** Verified, and verified recently enough that reverification (180 days) is not due. */
export function isVerificationCurrent({ account, now }: { account: AccountRecord; now: Date }): boolean {
  if (account.unverified || !account.lastVerifiedTime) return false;
  return now.getTime() - Date.parse(account.lastVerifiedTime) < REVERIFICATION_INTERVAL_MS;
}

function sendAnswer({ email, record }: { email: string; record: VerificationRecord | null }): TSendVerificationResponse {
  return {
    success: true,
    email,
    lastSendTime: record?.lastSendTime ?? null,
    createTime: record?.createTime ?? null,
    verificationBounceMessage: record?.bounceMessage ?? null,
    verificationBounceDetails: record?.bounceDetails ?? null,
  };
}

async function sendCode(options: { account: AccountRecord; purpose: VerificationPurpose; email: string; now: Date }) {
  const { account, purpose, email, now } = options;
  await enforceRateLimit({ scope: 'verification-code', subject: account.tuid, limit: RATE_LIMITS.codePerAccount, now });
  const previous = await getVerification(account.tuid, purpose, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const record: VerificationRecord = {
    tuid: account.tuid,
    purpose,
    email,
    codeHash: hashCode(account.tuid, purpose, code),
    createTime: previous?.email === email ? previous.createTime : now.toISOString(),
    lastSendTime: now.toISOString(),
    lastSendAt: now.getTime(),
    attempts: 0,
    expiresAt: ttlSeconds(new Date(now.getTime() + VERIFICATION_CODE_TTL_MS)),
  };
  try {
    await putVerification(record, VERIFICATION_RESEND_COOLDOWN_MS);
  } catch (error) {
    if (!(error instanceof CooldownError)) throw error;
    const retryAfter = Math.ceil((error.lastSendAt + VERIFICATION_RESEND_COOLDOWN_MS - now.getTime()) / 1000);
    throw new AppError(ERROR_CODES.RESEND_TOO_SOON, 'A code was sent less than a minute ago.', { retryAfter: Math.max(retryAfter, 1) });
  }
  // The tags bring a bounce of this very code back to its record (recordVerificationBounce).
  const tags = { verification: purpose, tuid: account.tuid, sentAt: String(record.lastSendAt) };
  await enqueueMail({ ...verificationCodeMail({ to: email, fullname: account.fullname, code, language: account.language }), tags });
  return sendAnswer({ email, record });
}

/**
 * Checks a code. The guess is counted first (a conditional write), so however many guesses
 * arrive at once, at most VERIFICATION_MAX_ATTEMPTS are ever compared; the last wrong one
 * spends the code. Answers the matched record.
 */
async function checkCode(options: { account: AccountRecord; purpose: VerificationPurpose; code: string; now: Date; email?: string }) {
  const { account, purpose, email } = options;
  const invalid = new AppError(ERROR_CODES.INVALID_VERIFICATION_CODE, 'Invalid verification code');
  const record = await claimGuess(account.tuid, purpose, VERIFICATION_MAX_ATTEMPTS, options.now);
  if (!record) throw invalid;
  const expected = Buffer.from(record.codeHash, 'hex');
  const actual = Buffer.from(hashCode(account.tuid, purpose, options.code), 'hex');
  if ((email !== undefined && record.email !== email) || !timingSafeEqual(expected, actual)) {
    if (record.attempts >= VERIFICATION_MAX_ATTEMPTS) await deleteVerification(account.tuid, purpose);
    throw invalid;
  }
  return record;
}

/** POST send-account-verification: sends a code to the login email, or only reports the last send. */
export async function sendAccountVerification(options: {
  claims: VerifiedToken;
  input: { email?: string; checkLastSendTimeOnly?: boolean };
  now: Date;
}): Promise<TSendVerificationResponse> {
  const account = await loginAccount(options.claims);
  if (options.input.email !== undefined && options.input.email !== account.login) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, 'email: must be your login email');
  }
  if (options.input.checkLastSendTimeOnly) {
    return sendAnswer({ email: account.login, record: await getVerification(account.tuid, 'login', options.now) });
  }
  if (isVerificationCurrent({ account, now: options.now })) throw new AppError(ERROR_CODES.ALREADY_VERIFIED, 'Your login email is already verified.');
  return sendCode({ account, purpose: 'login', email: account.login, now: options.now });
}

/** POST verify-account: confirms the login email; the answer carries a token without the unverified claim. */
export async function verifyAccount(options: { claims: VerifiedToken; code: string; now: Date }) {
  const account = await loginAccount(options.claims);
  await checkCode({ account, purpose: 'login', code: options.code, now: options.now, email: account.login });
  const verified = await markLoginVerified(account.tuid, options.now.toISOString());
  await deleteVerification(account.tuid, 'login');
  return { success: true as const, token: await reissueToken({ account: verified, claims: options.claims }) };
}

/** POST change-email-verifying: sends a code to a new login email (OTH-UTL-C-024 if it is used). */
export async function sendChangeEmailCode(options: {
  claims: VerifiedToken;
  input: { email: string; checkLastSendTimeOnly?: boolean };
  now: Date;
}): Promise<TSendVerificationResponse> {
  const account = await loginAccount(options.claims);
  const { email } = options.input;
  if (options.input.checkLastSendTimeOnly) {
    const record = await getVerification(account.tuid, 'change-email', options.now);
    return sendAnswer({ email, record: record?.email === email ? record : null });
  }
  if (email === account.login) throw new AppError(ERROR_CODES.INVALID_INPUT, 'email: this is already your login email');
  if (await findTuidByLogin(email)) throw new AppError(ERROR_CODES.EMAIL_ALREADY_USED, 'email already used');
  return sendCode({ account, purpose: 'change-email', email, now: options.now });
}

/** POST change-email-verify: moves the login to the new, now verified, address. */
export async function verifyChangeEmail(options: { claims: VerifiedToken; email: string; code: string; now: Date }) {
  const account = await loginAccount(options.claims);
  await checkCode({ account, purpose: 'change-email', code: options.code, now: options.now, email: options.email });
  try {
    await changeLogin(account, options.email, options.now.toISOString());
  } catch (error) {
    if (error instanceof LoginTakenError) throw new AppError(ERROR_CODES.EMAIL_ALREADY_USED, 'email already used');
    throw error;
  }
  await deleteVerification(account.tuid, 'change-email');
  const updated = await getAccount(account.tuid);
  if (!updated) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return { success: true as const, token: await reissueToken({ account: updated, claims: options.claims }) };
}

const BOUNCE_MESSAGES = {
  Permanent: 'The mail server refused this address: it does not exist or accepts no mail. Check it, or use another one.',
  Transient: 'The mail server could not take the message for now (for example, the mailbox is full). Try again later.',
} as const;

/**
 * A verification code mail bounced (the provider's Bounce event, found by the mail's tags): the
 * send answers say so from now on (verificationBounceMessage/Details) and the user's tabs hear
 * `bounceReason`. A bounce of an older code than the current one changes nothing.
 */
export async function noteVerificationBounce(options: {
  tags: Readonly<Record<string, string | undefined>>;
  bounceType: string;
  diagnosticCode: string;
}): Promise<void> {
  const { verification: purpose, tuid, sentAt } = options.tags;
  if ((purpose !== 'login' && purpose !== 'change-email') || !tuid || !sentAt) return;
  const bounceMessage = options.bounceType === 'Permanent' ? BOUNCE_MESSAGES.Permanent : BOUNCE_MESSAGES.Transient;
  const record = await recordVerificationBounce({ tuid, purpose, lastSendAt: Number(sentAt), bounceMessage, bounceDetails: options.diagnosticCode });
  if (!record) return;
  await publish(tuid, { event: 'bounceReason', data: { message: bounceMessage, detail: options.diagnosticCode, lastSendTime: record.lastSendTime } });
}
