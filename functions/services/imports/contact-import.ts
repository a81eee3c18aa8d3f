/**
 * The contact import worker's work (spec §4 Import): stream the uploaded file, turn each row into
 * a contact with the user's column mapping, leave out rows repeated in the file, create new
 * contacts or update/skip existing ones, and commit a checkpoint per batch. A redelivered message
 * or a crash resumes at the checkpoint: rows before it are read again only to rebuild the file's
 * duplicate set; ids reserved for the batch in flight are reused, so nothing is created or counted
 * twice.
 */
import { randomUUID } from 'node:crypto';
import { FREE_CONTACT_LIMIT } from '../../../shared/constants.js';
import { applyContactInput, type ContactRecord } from '../../../shared/domain/contacts.js';
import { isValidEmail, normalizeEmail } from '../../../shared/domain/email.js';
import { normalizeMobile } from '../../../shared/domain/phone.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TContactInput, TFieldSchema } from '../../../shared/schemas/contacts.js';
import { isImportEnded, type TImportEnd, type TImportKind } from '../../../shared/schemas/imports.js';
import { getAccount } from '../../data/accounts.js';
import { changeContactSet } from '../../data/contact-sets.js';
import {
  allocateContactIds,
  BULK_WRITE_LEASE_MS,
  findContactIdsByIdentities,
  getContacts,
  releaseBulkWriteLease,
  replaceContact,
  takeBulkWriteLease,
  writeNewContacts,
} from '../../data/contacts.js';
import { memberCountChange } from '../../data/groups.js';
import { commitImportBatch, getImportJob, NO_COUNTS, updateImportJob, type ImportCounts, type ImportJob } from '../../data/imports.js';
import type { TFileFormat } from '../../lib/files/import/file-format.js';
import { saveBatchOutcomes, writeImportReport, type RowKind } from './import-report.js';
import { openImportFile } from './import-file.js';
import { unguardFormula } from '../../lib/files/export/csv.js';
import { IdentitySet } from '../../lib/files/import/identity-set.js';
import { createMobileNormalizer } from '../../lib/files/import/mobile-normalizer.js';
import { readImportRows } from '../../lib/files/import/row-reader.js';
import { listContactFields } from '../contacts/contact-fields.js';
import { noticeContactLimit } from '../contacts/contact-limit.js';
import { createNotification, reportProgress } from '../notifications/notifications.js';
import { emitWebhookEvent } from '../webhooks/events.js';

/** Error rows in a row after which an import gives up (spec §4: aborted after consecutive errors). */
export const IMPORT_ABORT_AFTER_ERRORS = 100;
const DEFAULT_MOBILE_COUNTRY = 'HK';

const YES = new Set(['1', 'y', 'yes', 'true', 'subscribed', 'opt-in', 'optin', '是', '訂閱', '订阅']);
const NO = new Set(['0', 'n', 'no', 'false', 'unsubscribed', 'opt-out', 'optout', '否', '取消訂閱', '取消订阅']);

function parseSwitch(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return undefined;
}

/** A choice cell names choices by label (or id), several separated by , or ;. */
function choiceIds(field: TFieldSchema, cell: string): string | string[] {
  const byLabel = new Map(field.choices.map((choice) => [choice.label.toLowerCase(), choice.id]));
  const ids = cell
    .split(field.type === 'multipleChoice' ? /[;,]/ : /$^/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => byLabel.get(part.toLowerCase()) ?? part);
  return field.type === 'multipleChoice' ? ids : (ids[0] ?? '');
}

/** One row as a contact input, by the mapping; empty cells mean "no value". */
export function rowToContactInput({ row, mapping, fields }: { row: readonly string[]; mapping: ReadonlyArray<string | null>; fields: readonly TFieldSchema[] }): TContactInput {
  const input: TContactInput & { fields: NonNullable<TContactInput['fields']> } = { fields: {} };
  mapping.forEach((target, column) => {
    const cell = unguardFormula((row[column] ?? '').trim());
    if (target === null || cell === '') return;
    if (target === 'email') {
      if (!isValidEmail(cell)) throw new AppError(ERROR_CODES.INVALID_INPUT, `'${cell}' is not a valid email.`);
      input.email = normalizeEmail(cell);
    } else if (target === 'mobile') input.mobile = cell;
    else if (target === 'emailSubscribe' || target === 'smsSubscribe') {
      const value = parseSwitch(cell);
      if (value === undefined) throw new AppError(ERROR_CODES.INVALID_INPUT, `'${cell}' is neither yes nor no.`);
      input[target] = value;
    } else {
      const field = fields.find((candidate) => `field:${candidate.id}` === target);
      if (!field) return;
      input.fields[field.id] = field.type === 'singleChoice' || field.type === 'multipleChoice' ? choiceIds(field, cell) : cell;
    }
  });
  return input;
}

/**
 * An unsubscribe list's row is its address only, unsubscribed on that channel: a known contact
 * is unsubscribed, an unknown address becomes a contact that is unsubscribed from the start, so
 * no later campaign reaches it, and no later import resubscribes it (withoutResubscribing).
 */
function inputOfKind(kind: TImportKind, input: TContactInput): TContactInput {
  if (kind === 'contacts') return input;
  if (kind === 'unsubscribedEmails') {
    if (!input.email) throw new AppError(ERROR_CODES.INVALID_INPUT, 'This row has no email.');
    return { email: input.email, emailSubscribe: false };
  }
  if (!input.mobile) throw new AppError(ERROR_CODES.INVALID_INPUT, 'This row has no mobile number.');
  return { mobile: input.mobile, smsSubscribe: false };
}

/**
 * A file cannot resubscribe a contact who unsubscribed: only the contact's owner can, by hand
 * (consent is not something a spreadsheet column gives back). Other values still update.
 */
function withoutResubscribing(before: ContactRecord, input: TContactInput): TContactInput {
  return {
    ...input,
    emailSubscribe: before.emailSubscribe ? input.emailSubscribe : undefined,
    smsSubscribe: before.smsSubscribe ? input.smsSubscribe : undefined,
  };
}

type RowOutcome =
  | { kind: 'error'; reason: string }
  | { kind: 'duplicated' }
  | { kind: 'contact'; input: TContactInput; contact: Omit<ContactRecord, 'id'> };

/** The identities of a contact: what makes two rows the same contact. */
const identitiesOf = (contact: Pick<ContactRecord, 'email' | 'mobile'>) => [contact.email ? `e:${contact.email}` : null, contact.mobile ? `m:${contact.mobile}` : null].filter((key): key is string => key !== null);

/** What a run keeps between rows: the file's identities so far, and its mobile normaliser. */
type RunMemory = { seen: IdentitySet; normalizeMobile: typeof normalizeMobile };

function classifyRow(row: readonly string[], job: ImportJob, fields: readonly TFieldSchema[], memory: RunMemory, now: number): RowOutcome {
  const { seen } = memory;
  try {
    const input = inputOfKind(job.kind, rowToContactInput({ row, mapping: job.mapping, fields }));
    const contact = applyContactInput({ current: null, input, fields, defaultCountry: DEFAULT_MOBILE_COUNTRY, normalizeMobile: memory.normalizeMobile, now });
    const identities = identitiesOf(contact);
    if (identities.some((key) => seen.has(key))) return { kind: 'duplicated' };
    for (const key of identities) seen.add(key);
    return { kind: 'contact', input, contact };
  } catch (error) {
    return { kind: 'error', reason: error instanceof AppError ? error.message : String(error) };
  }
}

/** The duplicate set as it stood at a row: rebuilt from the rows before a checkpoint without writing anything. */
function rememberIdentities(row: readonly string[], job: ImportJob, { seen, normalizeMobile }: RunMemory): void {
  const emailColumn = job.mapping.indexOf('email');
  const mobileColumn = job.mapping.indexOf('mobile');
  const email = emailColumn >= 0 ? (row[emailColumn] ?? '').trim() : '';
  const mobile = mobileColumn >= 0 ? normalizeMobile((row[mobileColumn] ?? '').trim(), DEFAULT_MOBILE_COUNTRY) : null;
  if (email && isValidEmail(email)) seen.add(`e:${normalizeEmail(email)}`);
  if (mobile) seen.add(`m:${mobile}`);
}

/** Pause between tries for the lease while someone else writes; the whole wait is bounded so a stuck lease ends in a redelivery. */
const LEASE_RETRY_MS = 100;
const LEASE_WAIT_LIMIT_MS = 120_000;

/** Takes the account's bulk-write lease, waiting while another import or a single writer has its turn. */
async function holdBulkWriteLease(tuid: string, holder: string): Promise<void> {
  const deadline = Date.now() + LEASE_WAIT_LIMIT_MS;
  while (!(await takeBulkWriteLease(tuid, holder, Date.now()))) {
    if (Date.now() > deadline) throw new Error(`The contacts of ${tuid} stayed busy for ${LEASE_WAIT_LIMIT_MS / 1000} s; the import resumes on redelivery.`);
    await new Promise((resolve) => setTimeout(resolve, LEASE_RETRY_MS));
  }
}

/**
 * The time a run keeps in hand: it starts no batch, and not the report lists, with less left (a
 * batch takes seconds; the lists of a million rows about a minute in AWS, two or three locally).
 */
export const IMPORT_RUN_RESERVE_MS = 3 * 60_000;

/**
 * How a run ended; 'superseded' when another delivery of the same import is further along,
 * 'continues' when the invocation's time ran short and a fresh one is to go on from the checkpoint.
 */
export type ImportRunResult = TImportEnd | 'gone' | 'superseded' | 'continues';

/**
 * Runs (or resumes) one import to its end, or until `remainingMs` (the invocation's time left)
 * falls under IMPORT_RUN_RESERVE_MS between two batches. Handing over there, rather than being
 * stopped at the time limit, means no batch is cut off; and under the local host, which cannot
 * stop a handler at its limit, it means the timed-out run does not go on beside the delivery that
 * resumes it (two runs, two duplicate sets and two reads of the file in one process). Safe to call
 * again for the same import at any time: a finished import does nothing, a stopped one stays stopped.
 */
export async function runContactImport(options: { tuid: string; importId: string; now?: () => Date; remainingMs?: () => number }): Promise<ImportRunResult> {
  const { remainingMs } = options;
  let batchesRun = 0;
  // A run always does one batch, so even an invocation shorter than the reserve makes progress.
  const isOutOfTime = () => batchesRun > 0 && remainingMs !== undefined && remainingMs() < IMPORT_RUN_RESERVE_MS;
  const clock = options.now ?? (() => new Date());
  let job = await getImportJob(options.tuid, options.importId);
  if (!job) return 'gone';
  if (isImportEnded(job.status)) return job.status;
  const { tuid } = job;
  const [fields, account] = await Promise.all([listContactFields(tuid), getAccount(tuid)]);
  const limit = account?.free ? FREE_CONTACT_LIMIT : null;
  const memory: RunMemory = { seen: new IdentitySet(), normalizeMobile: createMobileNormalizer() };
  let rowIndex = -1;
  let batch: string[][] = [];
  let batchStart = 0;
  let bytesRead = 0;
  const startedAt = clock().getTime();
  const batchSize = 500;
  // Per run, not per import: a second delivery of the same import must not share the first's lease.
  const leaseHolder = `${job.id}#${randomUUID()}`;

  /** Tells the user's tabs how far the import is (the progress notification). */
  const report = async (status: 'importing' | 'finished' | 'aborted', position: number, share: number): Promise<void> => {
    const elapsed = clock().getTime() - startedAt;
    const progress = Math.min(100, Math.round(share * 100));
    const estimatedEnd = status === 'importing' && share > 0 ? new Date(startedAt + elapsed / share).toISOString() : null;
    await reportProgress({
      userId: job!.loginTuid,
      payload: { id: job!.id, type: 'import', taskName: job!.fileName, currPos: position, total: share > 0 ? Math.round(position / share) : 0, progress, status, estimatedEndTime: estimatedEnd },
      now: clock(),
    });
  };

  const finish = async (status: TImportEnd, reason: string | null): Promise<ImportRunResult> => {
    const ending = (await getImportJob(tuid, job!.id))!;
    // The row lists come before the final status: a crash in between writes them again on redelivery.
    const { notImported } = await writeImportReport(ending, { restNotImported: status === 'limitReached' });
    const counts = { ...ending.counts, notImported };
    const why = status === 'limitReached' ? `The free account's limit of ${FREE_CONTACT_LIMIT} contacts is reached: ${notImported} rows were not imported. Upgrade your plan to import them.` : reason;
    const endedAt = clock();
    await updateImportJob(tuid, job!.id, job!.position, { status, reason: why, counts, updateTime: endedAt.toISOString() });
    // A crash between a batch's commit and its notices leaves them to the end.
    if (limit !== null) await noticeContactLimit({ tuid, now: endedAt });
    const current = (await getImportJob(tuid, job!.id))!;
    await report(status === 'finished' ? 'finished' : 'aborted', current.position, 1);
    await createNotification({
      userId: current.loginTuid,
      type: 'import',
      messageType: status,
      severity: status === 'finished' ? 0 : 2,
      values: { importName: current.fileName, numberOfRecords: current.counts.created + current.counts.changed, numberOfErrors: current.counts.errors },
      now: clock(),
    });
    await emitWebhookEvent({ tuid, type: 'import.finished', data: { importId: current.id, fileName: current.fileName, status, counts: current.counts }, now: clock() });
    return status;
  };

  const processBatch = async (rows: string[][], startPosition: number): Promise<ImportRunResult | null> => {
    const fresh = (await getImportJob(tuid, job!.id))!;
    if (fresh.position !== startPosition) return 'superseded';
    if (fresh.stopRequested) return finish('stopped', 'stopped by the user');
    const now = clock().getTime();
    const outcomes = rows.map((row) => classifyRow(row, fresh, fields, memory, now));
    const candidates = outcomes.flatMap((outcome, index) => (outcome.kind === 'contact' ? [{ index, ...outcome }] : []));
    // From the identity lookups to the last identity write the batch holds the account's
    // bulk-write lease: what the lookups found absent stays absent until this batch claims it.
    await holdBulkWriteLease(tuid, leaseHolder);
    const leaseTakenAt = Date.now();
    const existing = await findContactIdsByIdentities(tuid, {
      emails: candidates.flatMap((candidate) => (candidate.contact.email ? [candidate.contact.email] : [])),
      mobiles: candidates.flatMap((candidate) => (candidate.contact.mobile ? [candidate.contact.mobile] : [])),
    });
    const holderOf = (contact: Omit<ContactRecord, 'id'>) =>
      (contact.email ? existing.byEmail.get(contact.email) : undefined) ?? (contact.mobile ? existing.byMobile.get(contact.mobile) : undefined);

    // Ids for this batch's new contacts: reserved once, before any write, and reused on a retry.
    // A new row's id follows from its place in the file, so a retry gives each row the id it had
    // even when other rows' verdicts changed in between.
    let reservation = fresh.reservation?.position === fresh.position ? fresh.reservation : null;
    const isOurs = (id: number | undefined) => id !== undefined && reservation !== null && id >= reservation.firstId && id < reservation.firstId + reservation.count;
    const newOnes = candidates.filter((candidate) => {
      const holder = holderOf(candidate.contact);
      return holder === undefined || isOurs(holder);
    });
    const counts: ImportCounts = { ...NO_COUNTS };
    const errorRows = new Map<number, string>();
    let allowed = newOnes.length;
    if (limit !== null) {
      const room = Math.max(0, limit - ((await getAccount(tuid))?.contactCount ?? 0));
      allowed = Math.min(allowed, room);
    }
    // The first new contact beyond the limit is where the import stops: it and every row after it are not imported.
    const stopRow = allowed < newOnes.length ? newOnes[allowed]!.index : rows.length;
    const toCreate = newOnes.slice(0, allowed);
    if (!reservation && toCreate.length > 0) {
      const firstRow = toCreate[0]!.index;
      const count = toCreate[toCreate.length - 1]!.index - firstRow + 1;
      reservation = { position: fresh.position, firstId: await allocateContactIds(tuid, count), count, firstRow };
      if (!(await updateImportJob(tuid, fresh.id, fresh.position, { reservation }))) return 'superseded';
    }
    const kinds: RowKind[] = outcomes.map((outcome, index) => (index >= stopRow ? 'n' : outcome.kind === 'duplicated' ? 'd' : 's'));
    const written: ContactRecord[] = [];
    for (const candidate of toCreate) {
      const offset = candidate.index - (reservation!.firstRow ?? 0);
      // A row that became new only on a retry may fall outside the ids reserved the first time.
      if (offset < 0 || offset >= reservation!.count) errorRows.set(candidate.index, 'This contact changed during the import; import the row again.');
      else {
        written.push({ id: reservation!.firstId + offset, ...candidate.contact });
        kinds[candidate.index] = 'c';
      }
    }
    if (Date.now() - leaseTakenAt > BULK_WRITE_LEASE_MS / 2) await holdBulkWriteLease(tuid, leaseHolder);
    await writeNewContacts(tuid, written);
    counts.created = written.length;

    // Existing contacts: updated with the row's values, or left alone.
    const others = candidates.filter((candidate) => !newOnes.includes(candidate) && candidate.index < stopRow);
    const changedIds: number[] = [];
    if (fresh.existing === 'skip') counts.skipped = others.length;
    else {
      const current = await getContacts(tuid, others.map((candidate) => holderOf(candidate.contact)!));
      for (const candidate of others) {
        const before = current.get(holderOf(candidate.contact)!);
        if (!before) {
          errorRows.set(candidate.index, 'The contact was deleted during the import.');
          continue;
        }
        try {
          const after: ContactRecord = {
            id: before.id,
            ...applyContactInput({ current: before, input: withoutResubscribing(before, candidate.input), fields, defaultCountry: DEFAULT_MOBILE_COUNTRY, normalizeMobile: memory.normalizeMobile, now }),
          };
          if (JSON.stringify(after) !== JSON.stringify({ ...before, updateTime: after.updateTime })) await replaceContact(tuid, before, after, { writer: leaseHolder });
          changedIds.push(before.id);
          kinds[candidate.index] = 'u';
        } catch (error) {
          errorRows.set(candidate.index, error instanceof AppError ? error.message : String(error));
        }
      }
      counts.changed = changedIds.length;
    }

    await releaseBulkWriteLease(tuid, leaseHolder);

    // Memberships are sets: adding the same contacts again changes nothing.
    const members = [...written.map((contact) => contact.id), ...changedIds];
    for (const groupId of fresh.groupIds) {
      if (members.length > 0) await changeContactSet({ tuid, setId: groupId, add: members, remove: [], counter: (delta) => memberCountChange(tuid, groupId, delta) });
    }

    let consecutive = fresh.consecutiveErrors;
    const handled = outcomes.slice(0, stopRow);
    handled.forEach((outcome, index) => {
      if (outcome.kind === 'error') errorRows.set(index, outcome.reason);
      if (outcome.kind === 'duplicated') counts.duplicated += 1;
    });
    counts.errors = errorRows.size;
    handled.forEach((_, index) => {
      consecutive = errorRows.has(index) ? consecutive + 1 : 0;
    });
    for (const index of errorRows.keys()) kinds[index] = 'e';
    // Before the commit: a retry of this batch overwrites it, so it always matches the committed counts.
    await saveBatchOutcomes({ job: fresh, outcomes: { from: fresh.position, kinds: kinds.join(''), reasons: Object.fromEntries(errorRows) } });
    const committed = await commitImportBatch({
      tuid,
      importId: fresh.id,
      fromPosition: fresh.position,
      toPosition: fresh.position + rows.length,
      counts,
      consecutiveErrors: consecutive,
      limitReached: stopRow < rows.length,
      newContacts: { contacts: written.length, withEmail: written.filter((c) => c.email).length, withMobile: written.filter((c) => c.mobile).length },
      updateTime: clock().toISOString(),
    });
    if (!committed) return 'superseded';
    job = (await getImportJob(tuid, fresh.id))!;
    if (limit !== null && written.length > 0) await noticeContactLimit({ tuid, now: new Date(now) });
    // The limit before the abort rule: rows the limit left out are no errors, and the limit has its own end.
    if (stopRow < rows.length) return finish('limitReached', null);
    await report('importing', job.position, size > 0 ? Math.min(1, bytesRead / size) : 0);
    if (consecutive >= IMPORT_ABORT_AFTER_ERRORS) return finish('aborted', `${consecutive} rows in a row could not be imported.`);
    return null;
  };

  /** A batch that ends early or fails gives the lease back at once rather than when it lapses. */
  const runBatch = async (rows: string[][], startPosition: number): Promise<ImportRunResult | null> => {
    batchesRun += 1;
    try {
      const ended = await processBatch(rows, startPosition);
      if (ended === 'superseded') await releaseBulkWriteLease(tuid, leaseHolder);
      return ended;
    } catch (error) {
      await releaseBulkWriteLease(tuid, leaseHolder).catch(() => undefined);
      throw error;
    }
  };

  if (job.status === 'queued') {
    await updateImportJob(tuid, job.id, job.position, { status: 'importing', updateTime: clock().toISOString() });
    job = (await getImportJob(tuid, job.id))!;
  }
  // The batch that met the limit was committed, but its delivery ended before the import did.
  if (job.limitReached) return finish('limitReached', null);
  // Progress is the share of the stored (packed) bytes read (the row count is known only at the end),
  // counted on the way through so the reader's back-pressure still reaches the download.
  const { content, storedSize: size } = await openImportFile({ job, onStoredBytes: (bytes) => (bytesRead += bytes) });
  for await (const rows of readImportRows(content, job.format as TFileFormat)) {
    for (const row of rows) {
      rowIndex += 1;
      if (rowIndex === 0 && job.hasHeader) continue;
      const dataRow = job.hasHeader ? rowIndex - 1 : rowIndex;
      if (dataRow < job.position) {
        rememberIdentities(row, job, memory);
        continue;
      }
      if (batch.length === 0) batchStart = dataRow;
      batch.push(row);
      if (batch.length >= batchSize) {
        if (isOutOfTime()) return 'continues';
        const ended = await runBatch(batch, batchStart);
        batch = [];
        if (ended) return ended;
      }
    }
  }
  if (isOutOfTime()) return 'continues';
  if (batch.length > 0) {
    const ended = await runBatch(batch, batchStart);
    if (ended) return ended;
  }
  if (isOutOfTime()) return 'continues';
  return finish('finished', null);
}
