import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, getAccount, listUnverifiedCreatedBefore } from '../../../functions/data/accounts.js';
import { newFreeAccount } from '../../../functions/services/session/new-account.js';
import { handler } from '../../../functions/workers/account-housekeeping.js';
import { DAY_MS } from '../../../shared/constants.js';
import { useTestTable } from '../../helpers/emulators.js';

beforeAll(async () => {
  await useTestTable();
});

const NOW = new Date('2026-11-22T03:10:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

async function accountCreated(days: number, verified = false) {
  const account = newFreeAccount({ fullname: 'Old', login: `created-${days}-${verified}@example.com`, passwordHash: 'x', now: daysAgo(days) });
  await createAccount(verified ? { ...account, unverified: false, status: 'active' } : account);
  return account.tuid;
}

describe('account housekeeping (daily job)', () => {
  it('forces verification after 14 days, terminates after the 60-day grace period, and leaves others alone', async () => {
    // Prepare
    const fresh = await accountCreated(3);
    const overdue = await accountCreated(20);
    const abandoned = await accountCreated(61);
    const verified = await accountCreated(90, true);
    // Act
    const counts = await handler({ time: NOW.toISOString() } as never);
    const secondRun = await handler({ time: NOW.toISOString() } as never);
    // Assess
    expect(counts).toMatchObject({ forceVerify: 1, terminated: 1, abandonedProgress: 0 });
    expect(secondRun).toMatchObject({ forceVerify: 0, terminated: 0, abandonedProgress: 0 });
    expect((await getAccount(fresh))?.status).toBe('verifying');
    expect((await getAccount(overdue))?.status).toBe('force_verify');
    expect((await getAccount(abandoned))?.status).toBe('terminated');
    expect((await getAccount(verified))?.status).toBe('active');
    const stillIndexed = (await listUnverifiedCreatedBefore(NOW.toISOString())).accounts.map((a) => a.tuid);
    expect(stillIndexed.sort()).toEqual([fresh, overdue].sort());
  });
});
