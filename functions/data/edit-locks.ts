/**
 * Edit locks (spec §4 "Edit locking") as three attributes of the locked record's own item
 * (`lockHolder`, `lockHolderName`, `lockExpiresAt`), so a save's "the caller still holds a live
 * lock" check and the save itself are one condition. Templates and campaigns use them alike.
 * The expiry is never the table's TTL attribute: TTL would delete the record.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EditLockHolder } from '../../shared/domain/templates.js';
import { conditionHeld, table } from './table-client.js';

type ItemKey = { PK: string; SK: string };

/** The lock stored on an item, as it was written (it may have lapsed: see liveEditLock). */
export function editLockOf(item: Record<string, unknown>): EditLockHolder | null {
  const holder = typeof item.lockHolder === 'string' ? item.lockHolder : null;
  return holder ? { loginTuid: holder, name: String(item.lockHolderName ?? ''), expiresAt: Number(item.lockExpiresAt ?? 0) } : null;
}

/**
 * The lock condition a change needs:
 * - `own`: the caller holds a live lock (a save), which the change renews until `renewUntil`;
 * - `notOthers`: nobody else holds a live lock (rename, delete).
 */
export type LockRequirement = { kind: 'own' | 'notOthers'; loginTuid: string; now: Date; renewUntil?: Date };

export function lockCondition(requirement: LockRequirement): { expression: string; values: Record<string, unknown> } {
  const values = { ':me': requirement.loginTuid, ':now': requirement.now.getTime() };
  return requirement.kind === 'own'
    ? { expression: 'lockHolder = :me AND lockExpiresAt > :now', values }
    : { expression: '(attribute_not_exists(lockHolder) OR lockHolder = :me OR lockExpiresAt <= :now)', values };
}

/** Takes or renews the lock for `holder` unless another user's lock is live; false when it is (or the item is gone). */
export async function claimEditLock(key: ItemKey, holder: EditLockHolder, now: Date): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: key,
        UpdateExpression: 'SET lockHolder = :me, lockHolderName = :name, lockExpiresAt = :until',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lockHolder) OR lockHolder = :me OR lockExpiresAt <= :now)',
        ExpressionAttributeValues: { ':me': holder.loginTuid, ':name': holder.name, ':until': holder.expiresAt, ':now': now.getTime() },
      }),
    ),
  );
}

/** Gives up the caller's lock; a lock someone else holds, or none, is left as it is. */
export async function releaseEditLock(key: ItemKey, loginTuid: string): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: key,
        UpdateExpression: 'REMOVE lockHolder, lockHolderName, lockExpiresAt',
        ConditionExpression: 'lockHolder = :me',
        ExpressionAttributeValues: { ':me': loginTuid },
      }),
    ),
  );
}
