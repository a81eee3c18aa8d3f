/**
 * Sender identities of an account (docs/data-model.md "Sender identities"): one item per sender
 * address and per sender domain under the account, keyed by the address or domain so each is held
 * once; the default sender in an item of its own; and a platform-wide claim per domain, because
 * SES keeps one identity per domain for the whole platform.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SenderAddressStatus, SenderDomainStatus } from '../../shared/domain/sender-identities.js';
import { keys } from './keys.js';
import { cancellationCodes, conditionHeld, queryPages, table, transactWrite, unlessConditionFails, updateFields } from './table-client.js';

export type SenderAddressRecord = {
  tuid: string;
  email: string;
  status: SenderAddressStatus;
  createTime: string;
  /** The pending code: its hash, when it was sent (epoch ms for the cooldown condition), guesses and expiry (epoch s). */
  codeHash: string | null;
  lastSendTime: string | null;
  lastSendAt: number;
  attempts: number;
  codeExpiresAt: number;
  verifyTime: string | null;
};

export type SenderDomainRecord = {
  tuid: string;
  domain: string;
  status: SenderDomainStatus;
  reason: string | null;
  /** SES Easy DKIM's tokens: each a CNAME to publish. */
  dkimTokens: string[];
  /** The SES region, which names the MAIL FROM MX host. */
  region: string;
  createTime: string;
  lastCheckTime: string | null;
};

/** The account already has this address or domain. */
export class SenderIdentityTaken extends Error {}
/** Another account holds this domain. */
export class SenderDomainHeldElsewhere extends Error {}
/** A code was sent within the cooldown. */
export class SenderCodeCooldown extends Error {
  constructor(readonly lastSendAt: number) {
    super('sender address code sent too recently');
  }
}

function strip<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, ...record } = item;
  return record as T;
}

/** A new sender address; throws SenderIdentityTaken. */
export async function insertSenderAddress(record: SenderAddressRecord): Promise<void> {
  const { db, name } = table();
  const applied = await conditionHeld(
    db.send(new PutCommand({ TableName: name, Item: { ...keys.senderAddress(record.tuid, record.email), ...record }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
  if (!applied) throw new SenderIdentityTaken();
}

// Access pattern: one sender address of an account.
export async function getSenderAddress(tuid: string, email: string): Promise<SenderAddressRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.senderAddress(tuid, email), ConsistentRead: true }));
  return answer.Item ? strip<SenderAddressRecord>(answer.Item) : null;
}

/** Sets `fields` on the item if it still exists; answers the item as it now is, or null when it was removed. */
async function updateIfPresent<T>(key: { PK: string; SK: string }, fields: Record<string, unknown>): Promise<T | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(new UpdateCommand({ TableName: name, Key: key, ...updateFields(fields, { condition: { expression: 'attribute_exists(PK)' } }), ReturnValues: 'ALL_NEW' })),
  );
  return answer?.Attributes ? strip<T>(answer.Attributes) : null;
}

async function listUnder<T>(tuid: string, prefix: string): Promise<T[]> {
  const records: T[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': prefix },
  })) {
    records.push(...page.map((item) => strip<T>(item)));
  }
  return records;
}

// Access pattern: every sender address of an account (a handful), by address.
export function listSenderAddresses(tuid: string): Promise<SenderAddressRecord[]> {
  return listUnder<SenderAddressRecord>(tuid, keys.senderAddressPrefix);
}

/** Stores a new pending code unless one went within `cooldownMs`; throws SenderCodeCooldown (or SenderIdentityTaken when the address is gone or verified). */
export async function storeSenderAddressCode(record: SenderAddressRecord, cooldownMs: number): Promise<void> {
  const { db, name } = table();
  const stored = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.senderAddress(record.tuid, record.email),
        ...updateFields(
          { codeHash: record.codeHash, lastSendTime: record.lastSendTime, lastSendAt: record.lastSendAt, attempts: 0, codeExpiresAt: record.codeExpiresAt },
          { condition: { expression: 'attribute_exists(PK) AND #status = :pending AND lastSendAt <= :cutoff', names: { '#status': 'status' }, values: { ':pending': 'pending', ':cutoff': record.lastSendAt - cooldownMs } } },
        ),
      }),
    ),
  );
  if (stored) return;
  const current = await getSenderAddress(record.tuid, record.email);
  if (current?.status === 'pending') throw new SenderCodeCooldown(current.lastSendAt);
  throw new SenderIdentityTaken();
}

/** Counts one guess before it is compared, while the code is unexpired and has guesses left; null otherwise. */
export async function claimSenderAddressGuess(tuid: string, email: string, maxAttempts: number, nowSeconds: number): Promise<SenderAddressRecord | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.senderAddress(tuid, email),
        ConditionExpression: 'attribute_exists(PK) AND #status = :pending AND attempts < :max AND codeExpiresAt > :now',
        UpdateExpression: 'ADD attempts :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': nowSeconds, ':pending': 'pending' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes ? strip<SenderAddressRecord>(answer.Attributes) : null;
}

/** Marks the address verified and drops its code; null when it was removed meanwhile. */
export function markSenderAddressVerified(tuid: string, email: string, verifyTime: string): Promise<SenderAddressRecord | null> {
  return updateIfPresent<SenderAddressRecord>(keys.senderAddress(tuid, email), { status: 'verified', codeHash: null, lastSendTime: null, verifyTime });
}

/** Deletes a sender address, and the default with it when it named the address; false when it was already gone. */
export async function deleteSenderAddress(tuid: string, email: string): Promise<boolean> {
  const { db, name } = table();
  const applied = await conditionHeld(
    db.send(new DeleteCommand({ TableName: name, Key: keys.senderAddress(tuid, email), ConditionExpression: 'attribute_exists(PK)' })),
  );
  if (!applied) return false;
  await clearDefaultSender(tuid, email);
  return true;
}

// Access pattern: the account's default sender address, if any.
export async function getDefaultSender(tuid: string): Promise<string | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.senderDefault(tuid), ConsistentRead: true }));
  return typeof answer.Item?.email === 'string' ? answer.Item.email : null;
}

/** Names `email` the default sender, only while the address is still verified; false otherwise. */
export async function setDefaultSender(tuid: string, email: string): Promise<boolean> {
  const { name } = table();
  try {
    await transactWrite([
      {
        ConditionCheck: {
          TableName: name,
          Key: keys.senderAddress(tuid, email),
          ConditionExpression: '#status = :verified',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':verified': 'verified' },
        },
      },
      { Put: { TableName: name, Item: { ...keys.senderDefault(tuid), email } } },
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Clears the default sender if it is `email`. */
async function clearDefaultSender(tuid: string, email: string): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(new DeleteCommand({ TableName: name, Key: keys.senderDefault(tuid), ConditionExpression: 'email = :email', ExpressionAttributeValues: { ':email': email } })),
  );
}

/**
 * A new sender domain with the platform-wide claim of its name, together; throws
 * SenderIdentityTaken (this account has it) or SenderDomainHeldElsewhere (another has it).
 */
export async function insertSenderDomain(record: SenderDomainRecord): Promise<void> {
  const { name } = table();
  try {
    await transactWrite([
      { Put: { TableName: name, Item: { ...keys.senderDomainClaim(record.domain), tuid: record.tuid }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: name, Item: { ...keys.senderDomain(record.tuid, record.domain), ...record }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[1] === 'ConditionalCheckFailed') throw new SenderIdentityTaken();
    if (codes[0] === 'ConditionalCheckFailed') throw new SenderDomainHeldElsewhere();
    throw error;
  }
}

// Access pattern: one sender domain of an account.
export async function getSenderDomain(tuid: string, domain: string): Promise<SenderDomainRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.senderDomain(tuid, domain), ConsistentRead: true }));
  return answer.Item ? strip<SenderDomainRecord>(answer.Item) : null;
}

// Access pattern: every sender domain of an account (a handful), by domain.
export function listSenderDomains(tuid: string): Promise<SenderDomainRecord[]> {
  return listUnder<SenderDomainRecord>(tuid, keys.senderDomainPrefix);
}

/** Stores what SES answered of a domain; null when it was removed meanwhile. */
export function updateSenderDomainStatus(tuid: string, domain: string, change: Pick<SenderDomainRecord, 'status' | 'reason' | 'lastCheckTime'>): Promise<SenderDomainRecord | null> {
  return updateIfPresent<SenderDomainRecord>(keys.senderDomain(tuid, domain), change);
}

/** Deletes a sender domain and frees its name; false when it was already gone. */
export async function deleteSenderDomain(tuid: string, domain: string): Promise<boolean> {
  const { name } = table();
  try {
    await transactWrite([
      { Delete: { TableName: name, Key: keys.senderDomain(tuid, domain), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { TableName: name, Key: keys.senderDomainClaim(domain), ConditionExpression: 'tuid = :tuid', ExpressionAttributeValues: { ':tuid': tuid } } },
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
