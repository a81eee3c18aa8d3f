/**
 * Campaigns of an account. The table holds one small item per campaign (name, type, status,
 * approval, schedule, the current run, tags, the edit lock, and the key of its saved command) and
 * a name item that keeps names unique (case-insensitive). The command itself (recipients, pasted
 * addresses, the message with its drag-and-drop project, the information step) can pass
 * DynamoDB's 400 KB item limit, so it lives in the data bucket, one immutable object per saved
 * version, like template content: a save writes a version and switches the item to it.
 *
 * A scheduled campaign carries an index entry (GSI1) in one partition sorted by due time, which
 * the scheduler reads; every status change that leaves `scheduled` removes it.
 */
import { GetCommand, QueryCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CampaignChannel, CampaignType } from '../../shared/domain/campaign-channels.js';
import type { DraftReason } from '../../shared/domain/campaign-readiness.js';
import type { RecurringRule } from '../../shared/domain/campaign-schedule.js';
import type { ApprovalState, CampaignStatus } from '../../shared/domain/campaign-states.js';
import type { GuardPause } from '../../shared/domain/deliverability-guard.js';
import type { EditLockHolder } from '../../shared/domain/templates.js';
import type { TCampaignCommand, TEmailCampaignCommand, TSmsCampaignCommand } from '../../shared/schemas/campaigns.js';
import { deleteObject, readObjectText, writeObject } from '../lib/aws/storage.js';
import { timeOrderedId } from '../lib/time-ordered-id.js';
import { claimEditLock, editLockOf, lockCondition, releaseEditLock, type LockRequirement } from './edit-locks.js';
import { nameClaimItem, nameReleaseItem, writeClaimingName as writeNameTransaction } from './name-claims.js';
import { keys } from './keys.js';
import { objectKeys } from './object-keys.js';
import { batchDelete, batchPut, deletePartition, queryPages, table, unlessConditionFails } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type CampaignUser = { loginTuid: string; name: string };

/** A send asked of the user's approvers (spec §4 "Approval"). */
export type CampaignApproval = {
  state: ApprovalState;
  requestedBy: CampaignUser;
  requestTime: string;
  /** Login ids of who may decide. */
  approvers: string[];
  /** When the approved send should go; null for at once. */
  scheduleTime: string | null;
  decidedBy: CampaignUser | null;
  decisionTime: string | null;
  reason: string | null;
};

/** One send of the campaign: the first, or a recovery of a stopped one. */
export type CampaignRun = {
  runId: string;
  /** A recovery sends only to whom earlier runs did not reach; absent on runs started before it was recorded (treated as a recovery: the careful path). */
  kind?: 'send' | 'recover';
  startTime: string;
  startedBy: CampaignUser;
  /** Set by the planner once it counted the recipients. */
  recipients: number | null;
  estimatedEndTime: string | null;
  finishTime: string | null;
  /** The command version being sent (the online version and reports read it); set when the run starts. */
  commandKey: string | null;
  /** The deliverability guard's pauses of this run, oldest first; absent before the first. */
  guardPauses?: GuardPause[];
};


export type CampaignRecord = {
  id: string;
  channel: CampaignChannel;
  type: CampaignType;
  name: string;
  nameKey: string;
  status: CampaignStatus;
  approval: CampaignApproval | null;
  tags: string[];
  /** From the command, for lists and search. */
  subject: string;
  /** Data bucket key of the current command version; null before the first save. */
  commandKey: string | null;
  createTime: string;
  lastModifiedTime: string;
  createdBy: CampaignUser;
  lastModifiedBy: CampaignUser;
  /** The next send of a scheduled campaign. */
  scheduleTime: string | null;
  recurring: RecurringRule | null;
  /** The recurring campaign this one is an occurrence of. */
  parentId: string | null;
  run: CampaignRun | null;
  draftReason: DraftReason | null;
  lock: EditLockHolder | null;
};

export class CampaignNameTaken extends Error {}
/** An insert whose id is taken: the campaign was made already (a recurring occurrence made twice). */
export class CampaignExists extends Error {}

/** A campaign item as its record (for reads that fetch it together with other items). */
export function campaignRecordOf(item: Record<string, unknown>): CampaignRecord {
  return {
    id: String(item.id),
    channel: item.channel as CampaignChannel,
    type: item.type as CampaignType,
    name: String(item.name),
    nameKey: String(item.nameKey),
    status: item.status as CampaignStatus,
    approval: (item.approval as CampaignApproval | undefined) ?? null,
    tags: (item.tags as string[] | undefined) ?? [],
    subject: String(item.subject ?? ''),
    commandKey: typeof item.commandKey === 'string' ? item.commandKey : null,
    createTime: String(item.createTime),
    lastModifiedTime: String(item.lastModifiedTime),
    createdBy: item.createdBy as CampaignUser,
    lastModifiedBy: (item.lastModifiedBy as CampaignUser | undefined) ?? (item.createdBy as CampaignUser),
    scheduleTime: typeof item.scheduleTime === 'string' ? item.scheduleTime : null,
    recurring: (item.recurring as RecurringRule | undefined) ?? null,
    parentId: typeof item.parentId === 'string' ? item.parentId : null,
    run: (item.run as CampaignRun | undefined) ?? null,
    draftReason: (item.draftReason as DraftReason | undefined) ?? null,
    lock: editLockOf(item),
  };
}

/**
 * The stored attributes of a record (without the lock, which only the lock functions write). An
 * empty value is an absent attribute, never a stored NULL, so conditions can test for it with
 * attribute_not_exists the same way whether a change removed it or it was never set.
 */
function toItem(tuid: string, record: CampaignRecord): Record<string, unknown> {
  const { lock: _lock, ...attributes } = record;
  return {
    ...keys.campaign(tuid, record.id),
    ...Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null)),
    ...(record.status === 'scheduled' && record.scheduleTime ? keys.campaignSchedule(tuid, record.id, record.scheduleTime) : {}),
  };
}

// Access pattern: one campaign by id (consistent: state changes are judged on it).
export async function getCampaignRecord(tuid: string, campaignId: string): Promise<CampaignRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaign(tuid, campaignId), ConsistentRead: true }));
  return answer.Item ? campaignRecordOf(answer.Item) : null;
}

// Access pattern: every campaign of the account, newest first (the list filters and counts tabs in memory).
export async function listCampaignRecords(tuid: string, channels: readonly CampaignChannel[]): Promise<CampaignRecord[]> {
  const records: CampaignRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: channels.length === 1 ? 'channel = :channel' : undefined,
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.campaignPrefix, ...(channels.length === 1 ? { ':channel': channels[0] } : {}) },
    ScanIndexForward: false,
    ConsistentRead: true,
  })) {
    for (const item of page) {
      const record = campaignRecordOf(item);
      if (channels.includes(record.channel)) records.push(record);
    }
  }
  return records;
}

// Access pattern: whether a name key is taken in the account, and by which campaign.
export async function findCampaignIdByNameKey(tuid: string, nameKey: string): Promise<string | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignName(tuid, nameKey), ConsistentRead: true }));
  return typeof answer.Item?.campaignId === 'string' ? answer.Item.campaignId : null;
}

// Access pattern: the name keys of the account's campaigns that start with a prefix (replica naming).
export async function findCampaignNameKeys(tuid: string, prefix: string): Promise<Set<string>> {
  const taken = new Set<string>();
  const namePrefix = keys.campaignName(tuid, '').SK;
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': `${namePrefix}${prefix}` },
    ConsistentRead: true,
  })) {
    for (const item of page) taken.add(String(item.SK).slice(namePrefix.length));
  }
  return taken;
}

// Access pattern: scheduled campaigns due by `now`, oldest first, across accounts (the scheduler).
export async function listDueCampaigns(now: Date, limit: number): Promise<Array<{ tuid: string; campaignId: string }>> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :due',
      // '~' sorts after '#', so every entry due at `now` itself is included.
      ExpressionAttributeValues: { ':pk': keys.campaignSchedulePartition, ':due': `${now.toISOString()}~` },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => keys.campaignOfSchedule(String(item.GSI1SK)));
}

function nameClaim(tuid: string, campaignId: string, nameKey: string): TransactItem {
  return nameClaimItem(keys.campaignName(tuid, nameKey), 'campaignId', campaignId);
}

function nameRelease(tuid: string, campaignId: string, nameKey: string): TransactItem {
  return nameReleaseItem(keys.campaignName(tuid, nameKey), 'campaignId', campaignId);
}

/** Runs a transaction; a taken name throws CampaignNameTaken. False: another condition failed. */
function writeClaimingName(items: TransactItem[], nameClaimIndex: number): Promise<boolean> {
  return writeNameTransaction(items, nameClaimIndex, () => new CampaignNameTaken());
}

/** A new campaign and its name claim, together; throws CampaignNameTaken or CampaignExists. */
export async function insertCampaignRecord(tuid: string, record: CampaignRecord): Promise<void> {
  const { name } = table();
  const inserted = await writeClaimingName([{ Put: { TableName: name, Item: toItem(tuid, record), ConditionExpression: 'attribute_not_exists(PK)' } }, nameClaim(tuid, record.id, record.nameKey)], 1);
  if (!inserted) throw new CampaignExists();
}

/** What a change expects of the stored campaign; a change whose expectation fails writes nothing. */
export type CampaignExpectation = {
  statuses?: readonly CampaignStatus[];
  /** The approval state, or null for "no approval asked". */
  approvalState?: ApprovalState | null;
  runId?: string;
  lock?: LockRequirement;
  /** The command version the caller read (a save replaces exactly it). */
  commandKey?: string | null;
  /** How many guard pauses the run had when the caller judged it. */
  guardPauses?: number;
};

/** Attributes a change may set; `null` removes the attribute. */
export type CampaignChange = Partial<
  Pick<
    CampaignRecord,
    'status' | 'approval' | 'tags' | 'subject' | 'commandKey' | 'lastModifiedTime' | 'lastModifiedBy' | 'scheduleTime' | 'recurring' | 'run' | 'draftReason' | 'type'
  >
> & { runFields?: Partial<CampaignRun> };

/**
 * Changes a campaign if it still is as expected: one conditional update, answering the campaign as
 * it is afterwards, or null when the campaign is gone or not as expected (re-read to see which).
 * The scheduler's index entry follows the status and schedule time. A rename goes through
 * renameCampaignRecord, which also moves the name claim.
 */
export async function changeCampaignRecord(tuid: string, campaignId: string, expect: CampaignExpectation, change: CampaignChange): Promise<CampaignRecord | null> {
  const { db, name } = table();
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions = ['attribute_exists(PK)'];
  const { runFields, ...attributes } = change;
  for (const [attribute, value] of Object.entries(attributes)) {
    names[`#${attribute}`] = attribute;
    if (value === null || value === undefined) {
      if (value === null) removes.push(`#${attribute}`);
      continue;
    }
    values[`:${attribute}`] = value;
    sets.push(`#${attribute} = :${attribute}`);
  }
  for (const [field, value] of Object.entries(runFields ?? {})) {
    names['#run'] = 'run';
    names[`#run_${field}`] = field;
    values[`:run_${field}`] = value;
    sets.push(`#run.#run_${field} = :run_${field}`);
  }
  if (change.status !== undefined) {
    const scheduleTime = change.scheduleTime ?? null;
    if (change.status === 'scheduled' && scheduleTime) {
      const entry = keys.campaignSchedule(tuid, campaignId, scheduleTime);
      Object.assign(values, { ':gsi1pk': entry.GSI1PK, ':gsi1sk': entry.GSI1SK });
      sets.push('GSI1PK = :gsi1pk', 'GSI1SK = :gsi1sk');
    } else {
      removes.push('GSI1PK', 'GSI1SK');
    }
  }
  if (expect.statuses) {
    names['#status'] = 'status';
    const placeholders = expect.statuses.map((status, index) => {
      values[`:expectStatus${index}`] = status;
      return `:expectStatus${index}`;
    });
    conditions.push(`#status IN (${placeholders.join(', ')})`);
  }
  if (expect.approvalState !== undefined) {
    names['#approval'] = 'approval';
    if (expect.approvalState === null) {
      conditions.push('(attribute_not_exists(#approval) OR #approval.#approvalState <> :waiting)');
      values[':waiting'] = 'waiting';
    } else {
      conditions.push('#approval.#approvalState = :expectApproval');
      values[':expectApproval'] = expect.approvalState;
    }
    names['#approvalState'] = 'state';
  }
  if (expect.runId !== undefined) {
    names['#run'] = 'run';
    names['#runId'] = 'runId';
    values[':expectRunId'] = expect.runId;
    conditions.push('#run.#runId = :expectRunId');
  }
  if (expect.guardPauses !== undefined) {
    names['#run'] = 'run';
    names['#guardPauses'] = 'guardPauses';
    if (expect.guardPauses === 0) conditions.push('attribute_not_exists(#run.#guardPauses)');
    else {
      values[':expectGuardPauses'] = expect.guardPauses;
      conditions.push('size(#run.#guardPauses) = :expectGuardPauses');
    }
  }
  if (expect.commandKey !== undefined) {
    names['#commandKey'] = 'commandKey';
    if (expect.commandKey === null) conditions.push('attribute_not_exists(#commandKey)');
    else {
      values[':expectCommandKey'] = expect.commandKey;
      conditions.push('#commandKey = :expectCommandKey');
    }
  }
  if (expect.lock) {
    const lock = lockCondition(expect.lock);
    conditions.push(lock.expression);
    Object.assign(values, lock.values);
    if (expect.lock.renewUntil) {
      values[':renewUntil'] = expect.lock.renewUntil.getTime();
      sets.push('lockExpiresAt = :renewUntil');
    }
  }
  const update = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.campaign(tuid, campaignId),
        UpdateExpression: update,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
        ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes ? campaignRecordOf(answer.Attributes) : null;
}

/** Renames a campaign, moving its name claim in the same transaction; false when the lock condition failed. Throws CampaignNameTaken. */
export async function renameCampaignRecord(
  tuid: string,
  before: CampaignRecord,
  change: { name: string; nameKey: string; lastModifiedTime: string; lastModifiedBy: CampaignUser; lock: LockRequirement },
): Promise<boolean> {
  const { name: tableName } = table();
  const lock = lockCondition(change.lock);
  const update: TransactItem = {
    Update: {
      TableName: tableName,
      Key: keys.campaign(tuid, before.id),
      UpdateExpression: 'SET #name = :name, nameKey = :nameKey, lastModifiedTime = :time, lastModifiedBy = :by',
      ConditionExpression: `attribute_exists(PK) AND ${lock.expression}`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ...lock.values, ':name': change.name, ':nameKey': change.nameKey, ':time': change.lastModifiedTime, ':by': change.lastModifiedBy },
    },
  };
  if (change.nameKey === before.nameKey) return writeClaimingName([update], -1);
  return writeClaimingName([update, nameRelease(tuid, before.id, before.nameKey), nameClaim(tuid, before.id, change.nameKey)], 2);
}

/**
 * Deletes campaigns and their name claims in one transaction (all or none; at most 50), only in
 * the listed statuses and while nobody else holds a live lock. False when a condition failed.
 */
export async function deleteCampaignRecords(
  tuid: string,
  records: readonly CampaignRecord[],
  options: { statuses: readonly CampaignStatus[]; lock: LockRequirement },
): Promise<boolean> {
  if (records.length === 0) return true;
  // Marked for the daily purge first: a mark whose campaign still exists (the delete below was refused) is only removed.
  await markCampaignsForPurge(tuid, records.map((record) => record.id), new Date());
  const { name } = table();
  const lock = lockCondition(options.lock);
  const statusValues = Object.fromEntries(options.statuses.map((status, index) => [`:status${index}`, status]));
  const items = records.flatMap((record): TransactItem[] => [
    {
      Delete: {
        TableName: name,
        Key: keys.campaign(tuid, record.id),
        ConditionExpression: `attribute_exists(PK) AND ${lock.expression} AND #status IN (${Object.keys(statusValues).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...lock.values, ...statusValues },
      },
    },
    nameRelease(tuid, record.id, record.nameKey),
  ]);
  return writeClaimingName(items, -1);
}

/** A deleted campaign waiting for the purge to remove its report, claims, batches and audience. */
export type CampaignPurge = { tuid: string; campaignId: string; markTime: string };

async function markCampaignsForPurge(tuid: string, campaignIds: readonly string[], at: Date): Promise<void> {
  await batchPut(campaignIds.map((campaignId) => ({ ...keys.campaignPurge(tuid, campaignId), tuid, campaignId, markTime: at.toISOString() })));
}

// Access pattern: the campaigns waiting for the purge, a page at a time (provider-wide, oldest key first).
export async function* listCampaignPurges(): AsyncGenerator<CampaignPurge[]> {
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.campaignPurgePartition } })) {
    yield page.map((item) => ({ tuid: String(item.tuid), campaignId: String(item.campaignId), markTime: String(item.markTime) }));
  }
}

/** Deletes the campaign's data partition: counters, links, report (engagements, lists, totals, timeline), runs, parked batches. */
export async function deleteCampaignDataPartition(tuid: string, campaignId: string): Promise<void> {
  await deletePartition(keys.campaignDataPartition(tuid, campaignId));
}

export async function removeCampaignPurge(tuid: string, campaignId: string): Promise<void> {
  await batchDelete([keys.campaignPurge(tuid, campaignId)]);
}

export function claimCampaignEditLock(tuid: string, campaignId: string, holder: EditLockHolder, now: Date): Promise<boolean> {
  return claimEditLock(keys.campaign(tuid, campaignId), holder, now);
}

export function releaseCampaignEditLock(tuid: string, campaignId: string, loginTuid: string): Promise<void> {
  return releaseEditLock(keys.campaign(tuid, campaignId), loginTuid);
}

/** Stores one command version under a key of its own; nothing refers to it until the campaign's record does. */
export async function writeCampaignCommand(tuid: string, campaignId: string, command: TCampaignCommand, at: Date): Promise<string> {
  const commandKey = objectKeys.campaignCommand(tuid, campaignId, timeOrderedId(at));
  await writeObject(commandKey, JSON.stringify(command), 'application/json; charset=utf-8');
  return commandKey;
}

/** A command version; an empty command before the first save or once the version is gone. */
export async function readCampaignCommand(commandKey: string | null): Promise<TCampaignCommand> {
  if (!commandKey) return {};
  const text = await readObjectText(commandKey);
  // Written only by writeCampaignCommand from input checked against its family's schema.
  return text === null ? {} : (JSON.parse(text) as TCampaignCommand);
}

/** An email campaign's command version (the caller knows the campaign's channel). */
export async function readEmailCommand(commandKey: string | null): Promise<TEmailCampaignCommand> {
  return (await readCampaignCommand(commandKey)) as TEmailCampaignCommand;
}

/** An SMS or MMS campaign's command version (the caller knows the campaign's channel). */
export async function readTextCommand(commandKey: string | null): Promise<TSmsCampaignCommand> {
  return (await readCampaignCommand(commandKey)) as TSmsCampaignCommand;
}

export async function deleteCampaignCommand(commandKey: string | null): Promise<void> {
  if (commandKey) await deleteObject(commandKey);
}

/** Who must approve a user's sends on an account; empty when nobody (spec §6 "Campaign approval"). */
export async function getApprovers(tuid: string, loginTuid: string): Promise<string[]> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.approvalRule(tuid, loginTuid) }));
  return (answer.Item?.approvers as string[] | undefined) ?? [];
}

export async function putApprovers(tuid: string, loginTuid: string, approvers: readonly string[]): Promise<void> {
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: keys.approvalRule(tuid, loginTuid), UpdateExpression: 'SET approvers = :approvers', ExpressionAttributeValues: { ':approvers': [...approvers] } }));
}
