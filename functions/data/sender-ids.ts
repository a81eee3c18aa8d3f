/**
 * Sender IDs of an account (docs/data-model.md "Sender IDs"): one item per ID under the account,
 * its text claimed by a name item so an ID is requested once per account, and an index entry in
 * support's provider-wide lists (`review` or `verified`) that moves with each decision.
 */
import { GetCommand, QueryCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { awaitsReview, senderIdKey, type SenderIdStatus } from '../../shared/domain/sender-ids.js';
import type { TAdminSenderIdQueue } from '../../shared/schemas/sms-settings.js';
import { keys } from './keys.js';
import { nameClaimItem, nameReleaseItem, writeClaimingName } from './name-claims.js';
import { conditionHeld, queryPages, table, transactWrite, updateFields } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type SenderIdRecord = {
  id: string;
  tuid: string;
  senderId: string;
  status: SenderIdStatus;
  reason: string | null;
  senderIdForceReverifyEndTime: string | null;
  createTime: string;
  /** The user who asked for it (told of decisions with the account owner). */
  requestedBy: string;
  /** When support last decided on it. */
  decideTime: string | null;
  /** Counts decisions: a decision applies only to the version its maker saw. */
  version: number;
};

/** What a decision changes. */
export type SenderIdStanding = Pick<SenderIdRecord, 'status' | 'reason' | 'senderIdForceReverifyEndTime' | 'decideTime'>;

/** The account already has this sender ID (any case). */
export class SenderIdTaken extends Error {}

/** Which of support's lists a sender ID is in; none once rejected. */
function queueOf(record: Pick<SenderIdRecord, 'status' | 'senderIdForceReverifyEndTime'>): TAdminSenderIdQueue | null {
  if (awaitsReview(record)) return 'review';
  return record.status === 'verified' ? 'verified' : null;
}

function indexEntry(record: SenderIdRecord): Record<string, string> {
  const queue = queueOf(record);
  return queue ? keys.senderIdQueue(queue, record.createTime, record.tuid, record.id) : {};
}

const NAME_OWNER = 'senderIdRef';

/** A new sender ID with its name claim, together; throws SenderIdTaken. */
export async function insertSenderId(record: SenderIdRecord): Promise<void> {
  const { name } = table();
  const items: TransactItem[] = [
    { Put: { TableName: name, Item: { ...keys.senderId(record.tuid, record.id), ...indexEntry(record), ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
    nameClaimItem(keys.senderIdName(record.tuid, senderIdKey(record.senderId)), NAME_OWNER, record.id),
  ];
  await writeClaimingName(items, 1, () => new SenderIdTaken());
}

function toRecord(item: Record<string, unknown>): SenderIdRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, ...record } = item;
  return record as SenderIdRecord;
}

// Access pattern: one sender ID of an account.
export async function getSenderId(tuid: string, id: string): Promise<SenderIdRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.senderId(tuid, id) }));
  return answer.Item ? toRecord(answer.Item) : null;
}

// Access pattern: every sender ID of an account, oldest first (a handful per account).
export async function listSenderIds(tuid: string): Promise<SenderIdRecord[]> {
  const records: SenderIdRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.senderIdPrefix },
  })) {
    records.push(...page.map(toRecord));
  }
  return records;
}

/** Support's list at most this long per call: the queue is worked oldest first. */
const QUEUE_PAGE = 200;

// Access pattern: support's `review` or `verified` list across accounts, oldest request first.
export async function listSenderIdQueue(queue: TAdminSenderIdQueue): Promise<SenderIdRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.senderIdQueuePartition(queue) },
      Limit: QUEUE_PAGE,
    }),
  );
  return (answer.Items ?? []).map(toRecord);
}

/**
 * Records a decision, only if the sender ID still stands as `before` saw it (another decision or a
 * delete in between answers null), moving its index entry to the list it now belongs in.
 */
export async function updateSenderIdStanding(before: SenderIdRecord, change: SenderIdStanding): Promise<SenderIdRecord | null> {
  const { db, name } = table();
  const after: SenderIdRecord = { ...before, ...change, version: before.version + 1 };
  const entry = indexEntry(after);
  const applied = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.senderId(before.tuid, before.id),
        ...updateFields(
          {
            status: after.status,
            reason: after.reason,
            senderIdForceReverifyEndTime: after.senderIdForceReverifyEndTime,
            decideTime: after.decideTime,
            version: after.version,
            // A rejected ID has no index entry: it leaves support's lists.
            GSI1PK: entry.GSI1PK,
            GSI1SK: entry.GSI1SK,
          },
          { removeUndefined: true, condition: { expression: 'version = :seen', values: { ':seen': before.version } } },
        ),
      }),
    ),
  );
  return applied ? after : null;
}

/** Deletes a sender ID and frees its text; false when it was already gone. */
export async function deleteSenderId(record: SenderIdRecord): Promise<boolean> {
  const { name } = table();
  return conditionHeld(
    transactWrite([
      { Delete: { TableName: name, Key: keys.senderId(record.tuid, record.id), ConditionExpression: 'attribute_exists(PK)' } },
      nameReleaseItem(keys.senderIdName(record.tuid, senderIdKey(record.senderId)), NAME_OWNER, record.id),
    ]),
  );
}
