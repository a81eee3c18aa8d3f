/**
 * The daily account housekeeping (spec §4 "Login email verification"): unverified accounts whose
 * forced-activation due time has passed move to force_verify; those still unverified after the
 * lock grace period are terminated. Reads only the sparse index of unverified accounts, a page at
 * a time. Then the progress of jobs no worker reports on any more is closed.
 */
import { DAY_MS } from '../../../shared/constants.js';
import { closeAbandonedProgress } from '../notifications/notifications.js';
import { listUnverifiedCreatedBefore, terminateUnverifiedAccount, updateAccount, type AccountRecord } from '../../data/accounts.js';

export type HousekeepingCounts = { forceVerify: number; terminated: number; abandonedProgress: number };

function housekeepingAction(account: AccountRecord, now: Date): 'force_verify' | 'terminate' | null {
  if (!account.unverified || account.status === 'terminated') return null;
  const ageMs = now.getTime() - Date.parse(account.createTime);
  if (ageMs > account.unverifiedUserLockGracePeriod * DAY_MS) return 'terminate';
  const due = account.forceVerifyEndTime ? Date.parse(account.forceVerifyEndTime) : Number.POSITIVE_INFINITY;
  if (due <= now.getTime() && account.status === 'verifying') return 'force_verify';
  return null;
}

/** Applies the housekeeping to every unverified account created before `now`; counts what changed. */
export async function runAccountHousekeeping(options: { now: Date }): Promise<HousekeepingCounts> {
  const { now } = options;
  const counts = { forceVerify: 0, terminated: 0, abandonedProgress: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listUnverifiedCreatedBefore(now.toISOString(), startKey);
    for (const account of page.accounts) {
      const action = housekeepingAction(account, now);
      if (action === 'force_verify') {
        await updateAccount(account.tuid, { status: 'force_verify' });
        counts.forceVerify += 1;
      } else if (action === 'terminate') {
        await terminateUnverifiedAccount(account.tuid);
        counts.terminated += 1;
      }
    }
    startKey = page.nextKey;
  } while (startKey);
  counts.abandonedProgress = await closeAbandonedProgress({ now });
  return counts;
}
