/**
 * Accounts: one profile item per account (the user behind a login), plus the login-email item
 * that keeps login emails unique. Both are written together in transactions.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../shared/constants.js';
import type { TAccountStatus } from '../../shared/schemas/user.js';
import { keys } from './keys.js';
import { conditionHeld, table, updateFields } from './table-client.js';

export type Credits = {
  email: number;
  sms: number;
  attachmentMb: number;
  pdfPages: number;
  storageMb: number;
  teamUsers: number;
};

export type AccountRecord = {
  tuid: string;
  fullname: string;
  login: string;
  passwordHash: string;
  /** Hashes of the last passwords, newest first, for the "used recently" rule. */
  passwordHistory: string[];
  status: TAccountStatus;
  lockedBy: 'provider' | 'teamAdmin' | null;
  createTime: string;
  loginCount: number;
  free: boolean;
  unverified: boolean;
  lastVerifiedTime: string | null;
  forceVerifyEndTime: string | null;
  timezone: string;
  language: Language;
  admin: boolean;
  isCustomizedCrm: boolean;
  reputation: number;
  smsReputation: number;
  enableMultiUserModule: boolean;
  enableConnectionModule: boolean;
  addFooter: boolean;
  hasFailedPayment: boolean;
  hasFailingPaymentMethods: boolean;
  teamId: string | null;
  teamAdmin: boolean;
  teamAdminUserId: string | null;
  canBuyPlan: boolean;
  isShoppingCartLocked: boolean;
  hideShoppingCart: boolean;
  forcePasswordChange: boolean;
  unverifiedUserLockGracePeriod: number;
  credits: Credits;
  /** Free daily email credits used on `freeEmailDay` (a service-time-zone date). */
  freeEmailDay: string | null;
  freeEmailUsed: number;
  contactCount: number;
  /** Contacts with an email and with a mobile number: the sizes of the two system lists. */
  emailContactCount?: number;
  mobileContactCount?: number;
  /** The contact count the owner was last told about (the contact limit notices); absent = 0. */
  contactNoticeMark?: number;
};

export class LoginTakenError extends Error {
  constructor() {
    super('login email already used');
  }
}

// Access pattern: an account by its id.
export async function getAccount(tuid: string): Promise<AccountRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.account(tuid) }));
  return (answer.Item as (AccountRecord & { PK: string }) | undefined) ?? null;
}

// Access pattern: the account id of a login email.
export async function findTuidByLogin(email: string): Promise<string | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.login(email) }));
  return (answer.Item?.tuid as string | undefined) ?? null;
}

/** Unverified accounts sit in a sparse index, for the forced activation and the lock grace period of spec §4. */
function unverifiedIndexKeys(account: AccountRecord) {
  return account.unverified ? keys.unverifiedAccount(account.createTime, account.tuid) : {};
}

/** Creates the account and claims its login email in one transaction; throws LoginTakenError. */
export async function createAccount(account: AccountRecord): Promise<void> {
  const { db, name } = table();
  const applied = await conditionHeld(
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: name, Item: { ...keys.login(account.login), tuid: account.tuid }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Put: {
              TableName: name,
              Item: { ...keys.account(account.tuid), ...unverifiedIndexKeys(account), ...account },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    ),
  );
  if (!applied) throw new LoginTakenError();
}

type AccountChanges = Partial<Omit<AccountRecord, 'tuid' | 'login' | 'createTime'>>;

/** Sets fields of an existing account and answers the updated record. */
export async function updateAccount(tuid: string, changes: AccountChanges): Promise<AccountRecord> {
  const { db, name } = table();
  const answer = await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.account(tuid),
      ReturnValues: 'ALL_NEW',
      ...updateFields(changes, { condition: { expression: 'attribute_exists(PK)' } }),
    }),
  );
  return answer.Attributes as AccountRecord;
}

/**
 * Moves the contact count the owner was last told about from `from` to `to`, only if no one moved
 * it meanwhile: of racing writers (an import's redelivered batch, two forms) one sends the notices.
 */
export async function moveContactNoticeMark(tuid: string, from: number, to: number): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.account(tuid),
        UpdateExpression: 'SET contactNoticeMark = :to',
        ConditionExpression: from === 0 ? 'attribute_exists(PK) AND (attribute_not_exists(contactNoticeMark) OR contactNoticeMark = :from)' : 'contactNoticeMark = :from',
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    ),
  );
}

const VERIFIED_SET = 'unverified = :false, lastVerifiedTime = :at, #status = :active, forceVerifyEndTime = :null';

/** Marks the login email verified and takes the account out of the unverified index. */
export async function markLoginVerified(tuid: string, verifiedAt: string): Promise<AccountRecord> {
  const { db, name } = table();
  const answer = await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.account(tuid),
      ConditionExpression: 'attribute_exists(PK)',
      UpdateExpression: `SET ${VERIFIED_SET} REMOVE GSI1PK, GSI1SK`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':false': false, ':at': verifiedAt, ':active': 'active', ':null': null },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return answer.Attributes as AccountRecord;
}

/** Terminates an account that was never verified; it leaves the unverified index for good. */
export async function terminateUnverifiedAccount(tuid: string): Promise<void> {
  const { db, name } = table();
  await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.account(tuid),
      ConditionExpression: 'attribute_exists(PK) AND unverified = :true',
      UpdateExpression: 'SET #status = :terminated REMOVE GSI1PK, GSI1SK',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':true': true, ':terminated': 'terminated' },
    }),
  );
}

// Access pattern: unverified accounts created before a time, oldest first, a page at a time.
export async function listUnverifiedCreatedBefore(before: string, startKey?: Record<string, unknown>) {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
      ExpressionAttributeValues: { ':pk': keys.unverifiedAccountsPartition, ':before': before },
      ExclusiveStartKey: startKey,
      Limit: 100,
    }),
  );
  return { accounts: (answer.Items ?? []) as AccountRecord[], nextKey: answer.LastEvaluatedKey };
}

/** Counts a successful login. */
export async function recordLogin(tuid: string): Promise<AccountRecord> {
  const { db, name } = table();
  const answer = await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.account(tuid),
      ConditionExpression: 'attribute_exists(PK)',
      UpdateExpression: 'ADD loginCount :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return answer.Attributes as AccountRecord;
}

/**
 * Moves the account to a new login email: claims the new address, releases the old one and
 * marks the login verified, all or nothing. Throws LoginTakenError if the address is taken.
 */
export async function changeLogin(account: AccountRecord, newLogin: string, verifiedAt: string): Promise<void> {
  const { db, name } = table();
  const applied = await conditionHeld(
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: name, Item: { ...keys.login(newLogin), tuid: account.tuid }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Delete: { TableName: name, Key: keys.login(account.login), ConditionExpression: 'tuid = :tuid', ExpressionAttributeValues: { ':tuid': account.tuid } } },
          {
            Update: {
              TableName: name,
              Key: keys.account(account.tuid),
              ConditionExpression: 'login = :old',
              UpdateExpression: `SET login = :new, ${VERIFIED_SET} REMOVE GSI1PK, GSI1SK`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':old': account.login, ':new': newLogin, ':false': false, ':at': verifiedAt, ':active': 'active', ':null': null },
            },
          },
        ],
      }),
    ),
  );
  if (!applied) throw new LoginTakenError();
}

/**
 * Locks an account on behalf of the provider (spec §6 "Can lock accounts"); a terminated account
 * stays terminated. Answers false when there is no such live account.
 */
export async function lockAccountByProvider(tuid: string): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.account(tuid),
        ConditionExpression: 'attribute_exists(PK) AND #status <> :terminated',
        UpdateExpression: 'SET #status = :locked, lockedBy = :provider',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':terminated': 'terminated', ':locked': 'locked', ':provider': 'provider' },
      }),
    ),
  );
}

/**
 * Lifts a lock: the account returns to `status` (active, or verifying while the login email is
 * unverified). The condition pins the verification state the caller chose the status from.
 * Answers false when the account was not locked.
 */
export async function unlockAccount(account: Pick<AccountRecord, 'tuid' | 'unverified'>, status: TAccountStatus): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.account(account.tuid),
        ConditionExpression: '#status = :locked AND unverified = :unverified',
        UpdateExpression: 'SET #status = :status, lockedBy = :null',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':locked': 'locked', ':unverified': account.unverified, ':status': status, ':null': null },
      }),
    ),
  );
}
