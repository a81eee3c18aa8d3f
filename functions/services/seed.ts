/**
 * What the local host seeds at start and offers developers: a verified standard demo account
 * with some credits, a provider-support account, sample notifications (`POST
 * /dev/api/notify`, local host only) and replies to campaign SMS (`POST /dev/api/sms/inbound`).
 * Idempotent.
 */
import { z } from 'zod';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { TNotification } from '../../shared/schemas/notifications.js';
import { ZProgressPayload, type TProgressPayload } from '../../shared/schemas/realtime.js';
import { ZEmail } from '../../shared/schemas/common.js';
import { publishSinkSmsReply } from '../channels/sink-events.js';
import { createAccount, findTuidByLogin, LoginTakenError, type AccountRecord } from '../data/accounts.js';
import { parseInput } from '../../shared/validation.js';
import { hashPassword } from '../lib/password-hash.js';
import { newFreeAccount } from './session/new-account.js';
import { createNotification, reportProgress, ZNotificationContent } from './notifications/notifications.js';

type SeedInput = { email: string; password: string; fullname: string; now?: Date };

/** Creates a verified, active account unless the login email is taken already. */
async function ensureVerifiedAccount(input: SeedInput, extra: Partial<AccountRecord>): Promise<{ created: boolean; tuid: string }> {
  const existing = await findTuidByLogin(input.email);
  if (existing) return { created: false, tuid: existing };
  const now = input.now ?? new Date();
  const base = newFreeAccount({ fullname: input.fullname, login: input.email, passwordHash: await hashPassword(input.password), now });
  const account: AccountRecord = {
    ...base,
    status: 'active',
    unverified: false,
    lastVerifiedTime: now.toISOString(),
    forceVerifyEndTime: null,
    ...extra,
  };
  try {
    await createAccount(account);
    return { created: true, tuid: account.tuid };
  } catch (error) {
    // Two hosts seeding at once: the other one won, which is just as good.
    if (error instanceof LoginTakenError) return { created: false, tuid: (await findTuidByLogin(input.email)) ?? account.tuid };
    throw error;
  }
}

export function ensureDemoAccount(input: SeedInput): Promise<{ created: boolean; tuid: string }> {
  return ensureVerifiedAccount(input, {
    free: false,
    credits: { email: 10_000, sms: 500, attachmentMb: 1_000, pdfPages: 600, storageMb: 500, teamUsers: 5 },
  });
}

/** Provider support staff: `admin` in its claims (spec §6 "Provider support"). */
export function ensureSupportAccount(input: SeedInput): Promise<{ created: boolean; tuid: string }> {
  return ensureVerifiedAccount(input, { free: false, admin: true, hideShoppingCart: true });
}

const ZSampleNotification = z.intersection(z.object({ email: ZEmail }), ZNotificationContent);

/** A sample notification for the user with this login email, exactly as a producer would create it. */
export async function createSampleNotification(body: unknown): Promise<TNotification> {
  const { email, ...content } = parseInput(ZSampleNotification, body);
  const userId = await findTuidByLogin(email);
  if (!userId) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return createNotification({ ...content, userId, now: new Date() });
}

const ZSampleProgress = z.object({ email: ZEmail, payload: ZProgressPayload });

/** A progress report for the user with this login email, exactly as an import or export worker sends it. */
export async function reportSampleProgress(body: unknown): Promise<TProgressPayload> {
  const { email, payload } = parseInput(ZSampleProgress, body);
  const userId = await findTuidByLogin(email);
  if (!userId) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  await reportProgress({ userId, payload, now: new Date() });
  return payload;
}

const ZSampleSmsReply = z.object({ from: z.string().trim().min(1).max(32), to: z.string().trim().max(32), body: z.string().max(1600) });

/**
 * A contact's reply to one of our numbers (e.g. STOP), put on the inbound-sms queue exactly as End
 * User Messaging's two-way SMS would publish it; the inbound-sms worker handles it.
 */
export async function replyToSms(body: unknown): Promise<{ inboundMessageId: string }> {
  const reply = parseInput(ZSampleSmsReply, body);
  return { inboundMessageId: await publishSinkSmsReply({ ...reply, timestamp: new Date() }) };
}
