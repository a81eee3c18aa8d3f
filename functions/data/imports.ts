/**
 * Import jobs: one item per import under the account, holding what the user chose and the
 * worker's checkpoint. The checkpoint (rows committed, counts) moves forward only in the same
 * transaction as the account's contact counters and only from the position the worker read, so
 * a redelivered or resumed batch is counted once. Ids for a batch's new contacts are reserved on
 * the job before any write, so a batch that is written again reuses the same ids.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IMPORT_JOB_STATUSES, TImportKind } from '../../shared/schemas/imports.js';
import { keys } from './keys.js';
import { conditionHeld, queryPages, table, transactWrite, updateFields } from './table-client.js';

export type ImportStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** `notImported` is set once, when the import ends at the contact limit (the batches leave it alone). */
export type ImportCounts = { created: number; changed: number; skipped: number; duplicated: number; errors: number; notImported: number };

export type ImportJob = {
  id: string;
  tuid: string;
  /** Who started it: progress and notifications go to this user. */
  loginTuid: string;
  kind: TImportKind;
  fileName: string;
  fileKey: string;
  /** The file format the sniffing decided or the user chose (functions/lib/files/import/file-format.ts). */
  format: Record<string, unknown>;
  hasHeader: boolean;
  /** Target of each column: 'email', 'mobile', 'emailSubscribe', 'smsSubscribe', 'field:<id>', or null to ignore it. */
  mapping: Array<string | null>;
  existing: 'update' | 'skip';
  groupIds: string[];
  status: ImportStatus;
  stopRequested: boolean;
  /** Data rows (after the header) whose outcome is committed. */
  position: number;
  counts: ImportCounts;
  /** Error rows in a row, for the abort rule. */
  consecutiveErrors: number;
  /** Set by the commit of the batch that met the free contact limit: the import ends there, whatever delivery runs it. */
  limitReached?: boolean;
  /**
   * Contact ids reserved for the batch that starts at `position`: the batch's row `firstRow`
   * (counted from the batch's start) gets `firstId`, each later row the id as many places on.
   */
  reservation: { position: number; firstId: number; count: number; firstRow: number } | null;
  reason: string | null;
  createTime: string;
  updateTime: string;
};

export const NO_COUNTS: ImportCounts = { created: 0, changed: 0, skipped: 0, duplicated: 0, errors: 0, notImported: 0 };

export async function createImportJob(job: ImportJob): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.importJob(job.tuid, job.id), ...job }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

function toJob(item: Record<string, unknown>): ImportJob {
  const { PK: _pk, SK: _sk, ...job } = item;
  // Jobs stored before imports had kinds were contact imports; before the limit's list, none had rows left out.
  return { kind: 'contacts', ...job, counts: { ...NO_COUNTS, ...(job.counts as Partial<ImportCounts>) } } as ImportJob;
}

export async function getImportJob(tuid: string, importId: string): Promise<ImportJob | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.importJob(tuid, importId), ConsistentRead: true }));
  return answer.Item ? toJob(answer.Item) : null;
}

/** The account's imports, newest first. */
export async function listImportJobs(tuid: string, limit: number): Promise<ImportJob[]> {
  const jobs: ImportJob[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.importPrefix },
    ScanIndexForward: false,
    Limit: limit,
  })) {
    jobs.push(...page.map(toJob));
    if (jobs.length >= limit) break;
  }
  return jobs.slice(0, limit);
}

/** Sets fields of a job that is still at `position` (the worker's view); false if it moved on. */
export async function updateImportJob(
  tuid: string,
  importId: string,
  expectedPosition: number,
  changes: Partial<Pick<ImportJob, 'status' | 'reservation' | 'reason' | 'counts' | 'updateTime' | 'format' | 'mapping' | 'hasHeader' | 'existing' | 'groupIds'>>,
): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.importJob(tuid, importId),
        ...updateFields(changes, { condition: { expression: '#position = :position', names: { '#position': 'position' }, values: { ':position': expectedPosition } } }),
      }),
    ),
  );
}

/** Asks a running import to stop after its current batch. */
export async function requestImportStop(tuid: string, importId: string): Promise<void> {
  const { db, name } = table();
  await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.importJob(tuid, importId),
      UpdateExpression: 'SET stopRequested = :yes',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':yes': true },
    }),
  );
}

/**
 * Commits a batch: the checkpoint moves from `fromPosition` to `toPosition` with the batch's
 * counts, and the account's contact counters take the new contacts, all or nothing. False when
 * the checkpoint had already moved (this batch was committed by an earlier delivery).
 */
export async function commitImportBatch(options: {
  tuid: string;
  importId: string;
  fromPosition: number;
  toPosition: number;
  counts: ImportCounts;
  consecutiveErrors: number;
  limitReached: boolean;
  newContacts: { contacts: number; withEmail: number; withMobile: number };
  updateTime: string;
}): Promise<boolean> {
  const { name } = table();
  const { counts, newContacts } = options;
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: name,
          Key: keys.importJob(options.tuid, options.importId),
          UpdateExpression:
            'SET #position = :to, consecutiveErrors = :consecutive, limitReached = :limitReached, reservation = :none, updateTime = :at, ' +
            'counts.created = counts.created + :created, counts.changed = counts.changed + :changed, counts.skipped = counts.skipped + :skipped, ' +
            'counts.duplicated = counts.duplicated + :duplicated, counts.errors = counts.errors + :errors',
          ConditionExpression: '#position = :from',
          ExpressionAttributeNames: { '#position': 'position' },
          ExpressionAttributeValues: {
            ':from': options.fromPosition,
            ':to': options.toPosition,
            ':consecutive': options.consecutiveErrors,
            ':limitReached': options.limitReached,
            ':none': null,
            ':at': options.updateTime,
            ':created': counts.created,
            ':changed': counts.changed,
            ':skipped': counts.skipped,
            ':duplicated': counts.duplicated,
            ':errors': counts.errors,
          },
        },
      },
      {
        Update: {
          TableName: name,
          Key: keys.account(options.tuid),
          UpdateExpression: 'ADD contactCount :contacts, emailContactCount :withEmail, mobileContactCount :withMobile',
          ExpressionAttributeValues: { ':contacts': newContacts.contacts, ':withEmail': newContacts.withEmail, ':withMobile': newContacts.withMobile },
        },
      },
    ]),
  );
}
