/**
 * The demo account the local host seeds at start: a verified standard account with some credits,
 * so a developer can sign in and see a working product at once. Idempotent.
 */
import { createAccount, findTuidByLogin, LoginTakenError } from '../data/accounts.js';
import { hashPassword } from '../lib/password-hash.js';
import { newFreeAccount } from './new-account.js';

export async function ensureDemoAccount(input: { email: string; password: string; fullname: string; now?: Date }): Promise<{ created: boolean; tuid: string }> {
  const existing = await findTuidByLogin(input.email);
  if (existing) return { created: false, tuid: existing };
  const now = input.now ?? new Date();
  const base = newFreeAccount({ fullname: input.fullname, login: input.email, passwordHash: await hashPassword(input.password), now });
  const account = {
    ...base,
    status: 'active' as const,
    free: false,
    unverified: false,
    lastVerifiedTime: now.toISOString(),
    forceVerifyEndTime: null,
    credits: { email: 10_000, sms: 500, attachmentMb: 1_000, pdfPages: 600, storageMb: 500, teamUsers: 5 },
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
