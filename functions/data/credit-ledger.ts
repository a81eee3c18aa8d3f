/**
 * The credits ledger: every change of an account's credits is one entry, written in the same
 * transaction as the change itself. An entry's id is chosen by the cause (a campaign run's
 * reservation, its refund), so the entry's `attribute_not_exists` condition makes a repeated
 * cause change nothing: a redelivered queue message never reserves or refunds twice.
 *
 * Email campaigns of standard accounts spend `credits.email`; free accounts spend the day's free
 * email credits (`freeEmailUsed` on `freeEmailDay`, a service-time-zone date), which renew at
 * midnight. SMS and MMS campaigns spend `credits.sms`, which only purchases add (no free SMS).
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { FREE_DAILY_EMAIL_CREDITS } from '../../shared/constants.js';
import type { TCreditKind } from '../../shared/schemas/payments.js';
import { keys } from './keys.js';
import { cancellationCodes, queryPages, table, transactWrite } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Which credits a campaign run draws on: the account's purchased ones, or (free accounts, email only) a day's free ones. */
export type CreditSource = { free: false } | { free: true; day: string };
export type CreditKind = 'email' | 'sms';

type CampaignEntry = {
  entryId: string;
  kind: CreditKind;
  /** Credits added (positive) or taken (negative). */
  delta: number;
  reason: 'campaignReserve' | 'campaignRefund';
  campaignId: string;
  runId: string;
  /** Free accounts: the service day whose free credits moved. */
  freeDay: string | null;
  createTime: string;
};

/** Credits an order's line bought (written with the order's settlement, functions/data/orders.ts). */
export type PurchaseEntry = {
  entryId: string;
  kind: TCreditKind;
  delta: number;
  reason: 'purchase';
  orderId: string;
  planId: string;
  createTime: string;
};

export type LedgerEntry = CampaignEntry | PurchaseEntry;

/** A ledger entry's write, made once: its cause-chosen id makes a repeat fail the whole transaction it is in. */
export function entryPut(tuid: string, entry: LedgerEntry): TransactItem {
  return {
    Put: {
      TableName: table().name,
      Item: { ...keys.creditLedgerEntry(tuid, entry.entryId), ...entry },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Ledger entry first, account change second: which condition failed tells "already done" from "not enough". */
async function writeWithEntry(tuid: string, entry: LedgerEntry, change: TransactItem): Promise<'written' | 'already' | 'refused'> {
  try {
    await transactWrite([entryPut(tuid, entry), change]);
    return 'written';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') return 'already';
    if (codes[1] === 'ConditionalCheckFailed') return 'refused';
    throw error;
  }
}

type AccountChange = {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

function accountUpdate(tuid: string, update: AccountChange): TransactItem {
  return { Update: { TableName: table().name, Key: keys.account(tuid), ...update } };
}

type RunCredits = { tuid: string; campaignId: string; runId: string; kind: CreditKind; count: number; source: CreditSource; now: Date };

/**
 * Takes `count` credits of `kind` for a campaign run, all or none, once per run. False when the
 * account has not enough (nothing changed). A free account's email draws on today's free credits.
 */
export async function reserveCampaignCredits(options: RunCredits): Promise<boolean> {
  const { tuid, campaignId, runId, kind, count, source, now } = options;
  const entry: CampaignEntry = {
    entryId: `${runId}#reserve`,
    kind,
    delta: -count,
    reason: 'campaignReserve',
    campaignId,
    runId,
    freeDay: source.free ? source.day : null,
    createTime: now.toISOString(),
  };
  if (!source.free) {
    const outcome = await writeWithEntry(
      tuid,
      entry,
      accountUpdate(tuid, {
        UpdateExpression: 'SET #credits.#kind = #credits.#kind - :n',
        ConditionExpression: 'attribute_exists(PK) AND #credits.#kind >= :n',
        ExpressionAttributeNames: { '#credits': 'credits', '#kind': kind },
        ExpressionAttributeValues: { ':n': count },
      }),
    );
    return outcome !== 'refused';
  }
  if (count > FREE_DAILY_EMAIL_CREDITS) return false;
  // Today's counter, if today already has one; otherwise the first use of the day starts it.
  const sameDay = await writeWithEntry(
    tuid,
    entry,
    accountUpdate(tuid, {
      UpdateExpression: 'SET freeEmailUsed = freeEmailUsed + :n',
      ConditionExpression: 'freeEmailDay = :day AND freeEmailUsed <= :most',
      ExpressionAttributeValues: { ':n': count, ':day': source.day, ':most': FREE_DAILY_EMAIL_CREDITS - count },
    }),
  );
  if (sameDay !== 'refused') return true;
  const newDay = await writeWithEntry(
    tuid,
    entry,
    accountUpdate(tuid, {
      UpdateExpression: 'SET freeEmailDay = :day, freeEmailUsed = :n',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(freeEmailDay) OR freeEmailDay <> :day)',
      ExpressionAttributeValues: { ':n': count, ':day': source.day },
    }),
  );
  return newDay !== 'refused';
}

/**
 * Gives back `count` credits of a run's reservation, once per run. Free credits go back only to
 * the day they were taken from: a later day has its own full allowance already.
 */
export async function refundCampaignCredits(options: RunCredits): Promise<void> {
  const { tuid, campaignId, runId, kind, count, source, now } = options;
  if (count <= 0) return;
  const entry: CampaignEntry = {
    entryId: `${runId}#refund`,
    kind,
    delta: count,
    reason: 'campaignRefund',
    campaignId,
    runId,
    freeDay: source.free ? source.day : null,
    createTime: now.toISOString(),
  };
  const change = source.free
    ? accountUpdate(tuid, {
        UpdateExpression: 'SET freeEmailUsed = freeEmailUsed - :n',
        ConditionExpression: 'freeEmailDay = :day AND freeEmailUsed >= :n',
        ExpressionAttributeValues: { ':n': count, ':day': source.day },
      })
    : accountUpdate(tuid, {
        UpdateExpression: 'SET #credits.#kind = #credits.#kind + :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#credits': 'credits', '#kind': kind },
        ExpressionAttributeValues: { ':n': count },
      });
  const outcome = await writeWithEntry(tuid, entry, change);
  // The day has turned: nothing to give back (the day's allowance is whole again); the entry still records the settlement.
  if (outcome === 'refused') await writeWithEntry(tuid, { ...entry, delta: 0 }, accountUpdate(tuid, { UpdateExpression: 'SET freeEmailUsed = freeEmailUsed', ConditionExpression: 'attribute_exists(PK)' }));
}

// Access pattern: one entry by id (tests and support look at a run's reservation and refund).
export async function getLedgerEntry(tuid: string, entryId: string): Promise<LedgerEntry | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.creditLedgerEntry(tuid, entryId), ConsistentRead: true }));
  if (!answer.Item) return null;
  const { PK: _pk, SK: _sk, ...entry } = answer.Item;
  return entry as LedgerEntry;
}

// Access pattern: every entry of an account (support's audit, the checkout benchmark's ledger check).
export async function listLedgerEntries(tuid: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.creditLedgerPartition(tuid) }, ConsistentRead: true })) {
    for (const { PK: _pk, SK: _sk, ...entry } of page) entries.push(entry as LedgerEntry);
  }
  return entries;
}
