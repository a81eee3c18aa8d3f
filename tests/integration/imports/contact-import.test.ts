/**
 * The contact import worker against the embedded S3, SQS and DynamoDB: mapping, duplicates in the
 * file, error rows, update vs skip, group memberships, redelivery, a run handing over when its
 * time runs short, a crash between a batch's writes and its checkpoint followed by a resume, the
 * report lists streamed in parts and a crash while they are written, stop, abort after
 * consecutive errors, the free limit (its own end, its notices once, every row in one list).
 */
import { UploadPartCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAccount, updateAccount } from '../../../functions/data/accounts.js';
import { createImportJob, getImportJob, NO_COUNTS, requestImportStop, type ImportJob } from '../../../functions/data/imports.js';
import { objectKeys } from '../../../functions/data/object-keys.js';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { readObjectStream, readObjectText, UPLOAD_PART_BYTES, writeObject } from '../../../functions/lib/aws/storage.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { IMPORT_ABORT_AFTER_ERRORS, IMPORT_RUN_RESERVE_MS, runContactImport } from '../../../functions/services/imports/contact-import.js';
import { writeImportReport } from '../../../functions/services/imports/import-report.js';
import { FREE_CONTACT_LIMIT } from '../../../shared/constants.js';
import type { TContactSearchResponse } from '../../../shared/schemas/contact-search.js';
import type { TGroup } from '../../../shared/schemas/groups.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

type Account = Actor;
const signUp = () => signUpAs(api, 'importer tester');

/** Uploads a CSV and stores an import job for it, as the start route will. */
async function prepareImport(account: Account, csv: string, options: Partial<ImportJob> = {}): Promise<ImportJob> {
  const id = timeOrderedId(new Date());
  const fileKey = `imports/${account.tuid}/${id}/contacts.csv`;
  await writeObject(fileKey, csv, 'text/csv');
  const at = new Date().toISOString();
  const job: ImportJob = {
    id,
    tuid: account.tuid,
    loginTuid: account.tuid,
    kind: 'contacts',
    fileName: 'contacts.csv',
    fileKey,
    format: { format: 'csv', encoding: 'utf-8', delimiter: ',' },
    hasHeader: true,
    mapping: ['email', 'mobile', 'field:f1'],
    existing: 'update',
    groupIds: [],
    status: 'queued',
    stopRequested: false,
    position: 0,
    counts: { ...NO_COUNTS },
    consecutiveErrors: 0,
    reservation: null,
    reason: null,
    createTime: at,
    updateTime: at,
    ...options,
  };
  await createImportJob(job);
  return job;
}

const csvOf = (rows: string[][]) => ['Email,Mobile,First name', ...rows.map((row) => row.join(','))].join('\n');
const manyRows = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => [`${prefix}${i}@example.com`, '', `Name ${i}`]);

/**
 * Rows of about 9 KB (a wide column no field takes), so the created list spans two 5 MiB parts:
 * every 100th row repeats the row before it, every 250th has a broken email.
 */
function wideRows(count: number, prefix: string): { rows: string[][]; lists: { created: string[][]; duplicated: string[][]; error: string[][] } } {
  const wide = 'w'.repeat(9_000);
  const rows: string[][] = [];
  const lists = { created: [] as string[][], duplicated: [] as string[][], error: [] as string[][] };
  for (let i = 0; i < count; i += 1) {
    if (i % 100 === 99) {
      rows.push([...rows[i - 1]!]);
      lists.duplicated.push(rows[i]!);
    } else if (i % 250 === 125) {
      rows.push([`${prefix}${i}`, '', `Name ${i}`, wide]);
      lists.error.push([...rows[i]!, `'${prefix}${i}' is not a valid email.`]);
    } else {
      rows.push([`${prefix}${i}@example.com`, '', `Name ${i}`, wide]);
      lists.created.push(rows[i]!);
    }
  }
  return { rows, lists };
}

/** One report list of a CSV import, as rows (its cells hold no commas or quotes). */
async function reportList(job: ImportJob, type: 'created' | 'changed' | 'duplicated' | 'error'): Promise<string[][]> {
  const { stream } = await readObjectStream(objectKeys.importReportList(job.tuid, job.id, type));
  let text = '';
  for await (const piece of stream) text += String(piece);
  return text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '').map((line) => line.split(','));
}

async function contactCount(account: Account): Promise<number> {
  return (await call<{ count: number }>(api, account, 'POST', '/contacts/count', {})).body.count;
}

/** The contactLimit notices of the account, newest first. */
async function contactLimitNotices(account: Account): Promise<string[]> {
  const notices = await call<{ result: Array<{ type: string; message: { type: string } }> }>(api, account, 'GET', '/notification/pop-up?page=1&limit=10');
  return notices.body.result.filter((notice) => notice.type === 'contactLimit').map((notice) => notice.message.type);
}

const LIST_TYPES = ['created', 'changed', 'duplicated', 'error', 'notImported'] as const;

/** The rows of one report list, by the number in their 'Row <n>' name. */
async function listedRows(job: ImportJob, type: (typeof LIST_TYPES)[number]): Promise<number[]> {
  const text = (await readObjectText(objectKeys.importReportList(job.tuid, job.id, type))) ?? '';
  const [, ...lines] = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  return lines.map((line) => Number(/Row (\d+)/.exec(line)?.[1]));
}

describe('contact import', () => {
  it('maps columns, counts created, duplicated and error rows, and adds the contacts to the chosen group', async () => {
    // Prepare
    const me = await signUp();
    const group = (await call<{ group: TGroup }>(api, me, 'POST', '/groups', { type: 'S', name: 'Imported' })).body.group;
    const job = await prepareImport(
      me,
      csvOf([
        ['ann@example.com', '9123 4567', 'Ann'],
        ['ben@example.com', '', 'Ben'],
        ['ANN@example.com', '', 'Ann again'],
        ['not-an-email', '', 'Bad'],
        ['', '6123 4567', 'Mobile only'],
      ]),
      { groupIds: [group.id] },
    );

    // Act
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });

    // Assess
    expect(result).toBe('finished');
    const done = (await getImportJob(me.tuid, job.id))!;
    expect(done).toMatchObject({ status: 'finished', position: 5, counts: { created: 3, changed: 0, skipped: 0, duplicated: 1, errors: 1 } });
    const list = await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', { sort: { field: 'createTime', direction: 'asc' } });
    expect(list.body.data.map((contact) => [contact.email, contact.mobile, contact.fields.f1])).toEqual([
      ['ann@example.com', '+85291234567', 'Ann'],
      ['ben@example.com', null, 'Ben'],
      [null, '+85261234567', 'Mobile only'],
    ]);
    expect((await call<{ group: TGroup }>(api, me, 'GET', `/groups/${group.id}`)).body.group.count).toBe(3);
    expect((await getAccount(me.tuid))?.contactCount).toBe(3);
    const notices = await call<{ result: Array<{ type: string; message: { type: string; values: Record<string, unknown> } }> }>(api, me, 'GET', '/notification/pop-up');
    expect(notices.body.result[0]).toMatchObject({ type: 'import', message: { type: 'finished', values: { importName: 'contacts.csv', numberOfRecords: 3, numberOfErrors: 1 } } });
  });

  it('counts an address the rule refuses as an error row, never as a contact', async () => {
    // Prepare: addresses an earlier, hand-made rule let through, beside one good row.
    const me = await signUp();
    const job = await prepareImport(
      me,
      csvOf([
        ['"x@inbox.example,com"', '', 'Comma'],
        ['john..doe@example.com', '', 'Two dots'],
        ['"a@[127.0.0.1]"', '', 'IP literal'],
        ['jöhn@example.com', '', 'Unicode local part'],
        ['ok@inbox.example.com', '', 'Good'],
      ]),
    );

    // Act
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });

    // Assess
    expect(result).toBe('finished');
    expect(await getImportJob(me.tuid, job.id)).toMatchObject({ counts: { created: 1, errors: 4 } });
    const list = await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', {});
    expect(list.body.data.map((contact) => contact.email)).toEqual(['ok@inbox.example.com']);
  });

  it('updates existing contacts or leaves them alone, as the user chose', async () => {
    // Prepare
    const me = await signUp();
    await call(api, me, 'POST', '/contacts', { email: 'kept@example.com', fields: { f1: 'Old' } });
    const update = await prepareImport(me, csvOf([['kept@example.com', '', 'New']]), { existing: 'update' });
    const skip = await prepareImport(me, csvOf([['kept@example.com', '', 'Newer']]), { existing: 'skip' });

    // Act
    await runContactImport({ tuid: me.tuid, importId: update.id });
    const afterUpdate = (await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', {})).body.data[0]?.fields.f1;
    await runContactImport({ tuid: me.tuid, importId: skip.id });
    const afterSkip = (await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', {})).body.data[0]?.fields.f1;

    // Assess
    expect([afterUpdate, afterSkip]).toEqual(['New', 'New']);
    expect((await getImportJob(me.tuid, update.id))?.counts).toMatchObject({ created: 0, changed: 1 });
    expect((await getImportJob(me.tuid, skip.id))?.counts).toMatchObject({ created: 0, skipped: 1 });
    expect(await contactCount(me)).toBe(1);
  });

  it('counts nothing twice when the queue delivers the same message again', async () => {
    // Prepare
    const me = await signUp();
    const job = await prepareImport(me, csvOf(manyRows(900, 'redelivered')));
    const message = JSON.stringify({ tuid: me.tuid, importId: job.id });
    for (let i = 0; i < 2; i += 1) await sqsClient().send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL_CONTACT_IMPORT!, MessageBody: message }));

    // Act
    await runQueueOnce('contact-import');
    await runQueueOnce('contact-import');

    // Assess
    expect((await getImportJob(me.tuid, job.id))).toMatchObject({ status: 'finished', position: 900, counts: { created: 900 } });
    expect(await contactCount(me)).toBe(900);
    expect((await getAccount(me.tuid))?.contactCount).toBe(900);
  });

  it('hands over to a fresh invocation when its time runs short, each doing a batch at least, and counts every row once', async () => {
    // Prepare: 900 rows (a batch and a part); every invocation has less time than a run keeps in hand.
    const me = await signUp();
    const job = await prepareImport(me, csvOf(manyRows(900, 'handover')));
    await sqsClient().send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL_CONTACT_IMPORT!, MessageBody: JSON.stringify({ tuid: me.tuid, importId: job.id }) }));

    // Act: one invocation after another while each leaves the message for the next.
    const positions: number[] = [];
    while ((await runQueueOnce('contact-import', { timeoutMs: IMPORT_RUN_RESERVE_MS - 1_000 })).processed > 0) positions.push((await getImportJob(me.tuid, job.id))!.position);

    // Assess: the last run had only the report lists left.
    expect(positions).toEqual([500, 900, 900]);
    expect(await getImportJob(me.tuid, job.id)).toMatchObject({ status: 'finished', counts: { created: 900, duplicated: 0, errors: 0 } });
    expect(await contactCount(me)).toBe(900);
  });

  it('resumes after a crash between a batch’s writes and its checkpoint, creating and counting each row once', async () => {
    // Prepare: the clock fails at the second batch's commit (its 8th reading: start, then per batch
    // the row time, the commit and two for the progress report), after its contacts were written.
    const me = await signUp();
    const job = await prepareImport(me, csvOf(manyRows(900, 'crash')));
    let calls = 0;
    const failingClock = () => {
      calls += 1;
      if (calls === 8) throw new Error('crash');
      return new Date();
    };

    // Act
    await expect(runContactImport({ tuid: me.tuid, importId: job.id, now: failingClock })).rejects.toThrow('crash');
    const halfway = (await getImportJob(me.tuid, job.id))!;
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });

    // Assess
    expect(halfway.position).toBe(500);
    expect(halfway.reservation).not.toBeNull();
    expect(result).toBe('finished');
    expect((await getImportJob(me.tuid, job.id))?.counts).toMatchObject({ created: 900, duplicated: 0, errors: 0 });
    expect(await contactCount(me)).toBe(900);
    const all = await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', { limit: 100, sort: { field: 'email', direction: 'asc' } });
    expect(new Set(all.body.data.map((contact) => contact.email)).size).toBe(100);
    expect((await call<{ count: number }>(api, me, 'POST', '/contacts/count', { quickSearch: 'crash1@' })).body.count).toBe(1);
  });

  it('streams each report list to S3 in 5 MiB parts, holding at most two parts and one write of it', async () => {
    // Prepare: 720 rows of about 9 KB, a created list of about 6.4 MB, for a paid account.
    const me = await signUp();
    await updateAccount(me.tuid, { free: false });
    const file = wideRows(720, 'wide');
    const job = await prepareImport(me, ['Email,Mobile,First name,Note', ...file.rows.map((row) => row.join(','))].join('\n'));

    // Act
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });
    // Written again (as a redelivery would) to read what the writer measured.
    const stats = (await writeImportReport((await getImportJob(me.tuid, job.id))!, { restNotImported: false })).lists;

    // Assess
    expect(result).toBe('finished');
    expect(stats.created.parts).toBe(Math.ceil(stats.created.bytes / UPLOAD_PART_BYTES));
    expect(stats.created.parts).toBeGreaterThanOrEqual(2);
    for (const list of Object.values(stats)) expect(list.peakHeldBytes).toBeLessThanOrEqual(2 * UPLOAD_PART_BYTES + 256 * 1024);
    const header = ['Email', 'Mobile', 'First name', 'Note'];
    expect(await reportList(job, 'created')).toEqual([header, ...file.lists.created]);
    expect(await reportList(job, 'duplicated')).toEqual([header, ...file.lists.duplicated]);
    expect(await reportList(job, 'error')).toEqual([[...header, 'Reason'], ...file.lists.error]);
    expect(await reportList(job, 'changed')).toEqual([header]);
  }, 120_000);

  it('writes complete report lists on the next delivery after a crash halfway through a list', async () => {
    // Prepare: S3 stops answering once the created list's first part is stored, as when the
    // process is killed: not even the abort of the multipart upload reaches it.
    const me = await signUp();
    await updateAccount(me.tuid, { free: false });
    const file = wideRows(720, 'killed');
    const job = await prepareImport(me, ['Email,Mobile,First name,Note', ...file.rows.map((row) => row.join(','))].join('\n'));
    const client = s3Client();
    const send = client.send.bind(client);
    let killed = false;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: Parameters<typeof send>[0]) => {
      if (killed) throw new Error('killed');
      const answer = await send(command);
      if (command instanceof UploadPartCommand && command.input.Key === objectKeys.importReportList(job.tuid, job.id, 'created')) killed = true;
      return answer;
    }) as typeof client.send);

    // Act
    const crashed = await runContactImport({ tuid: me.tuid, importId: job.id }).catch((error: unknown) => error);
    spy.mockRestore();
    const halfway = (await getImportJob(me.tuid, job.id))!;
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });

    // Assess
    expect(crashed).toBeInstanceOf(Error);
    expect(halfway).toMatchObject({ status: 'importing', position: 720 });
    expect(result).toBe('finished');
    expect((await getImportJob(me.tuid, job.id))?.counts).toMatchObject({ created: file.lists.created.length, duplicated: file.lists.duplicated.length, errors: file.lists.error.length });
    const header = ['Email', 'Mobile', 'First name', 'Note'];
    expect(await reportList(job, 'created')).toEqual([header, ...file.lists.created]);
    expect(await reportList(job, 'duplicated')).toEqual([header, ...file.lists.duplicated]);
    expect(await reportList(job, 'error')).toEqual([[...header, 'Reason'], ...file.lists.error]);
  }, 120_000);

  it('reads a file of many chunks to its last row', async () => {
    // Prepare: about 230 KB, so the object arrives in several chunks.
    const me = await signUp();
    const note = 'x'.repeat(240);
    const job = await prepareImport(me, csvOf(Array.from({ length: 900 }, (_, i) => [`chunked${i}@example.com`, '', `${note}${i}`])));

    // Act
    const result = await runContactImport({ tuid: me.tuid, importId: job.id });

    // Assess
    expect(result).toBe('finished');
    expect(await getImportJob(me.tuid, job.id)).toMatchObject({ position: 900, counts: { created: 900, errors: 0 } });
  });

  it('stops when asked, and aborts after consecutive error rows', async () => {
    // Prepare
    const me = await signUp();
    const stopped = await prepareImport(me, csvOf(manyRows(10, 'stopped')));
    await requestImportStop(me.tuid, stopped.id);
    const broken = await prepareImport(me, csvOf(Array.from({ length: IMPORT_ABORT_AFTER_ERRORS + 50 }, (_, i) => [`broken-${i}`, '', ''])));

    // Act
    const stopResult = await runContactImport({ tuid: me.tuid, importId: stopped.id });
    const abortResult = await runContactImport({ tuid: me.tuid, importId: broken.id });

    // Assess
    expect([stopResult, abortResult]).toEqual(['stopped', 'aborted']);
    expect((await getImportJob(me.tuid, broken.id))).toMatchObject({ status: 'aborted', counts: { errors: IMPORT_ABORT_AFTER_ERRORS + 50 } });
    expect(await contactCount(me)).toBe(0);
    const notices = await call<{ result: Array<{ type: string; message: { type: string } }> }>(api, me, 'GET', '/notification/pop-up');
    expect(notices.body.result.filter((notice) => notice.type === 'import').map((notice) => notice.message.type)).toEqual(['aborted', 'stopped']);
  });

  it('stops a free account’s 2,000-row file at the contact limit, tells the owner once at 75% and 100%, and lists every row once', async () => {
    // Prepare: rows of 'Row <n>'; an invalid email on every row ending in 50, a repeat of the row
    // before on every row ending in 70 below 1,000. 98 of each 100 rows are new contacts, so the
    // 1,000th is row 1019 and the import stops at row 1020, in its third batch of 500.
    const me = await signUp();
    const rows = Array.from({ length: 2000 }, (_, i) => {
      if (i % 100 === 50) return [`broken-${i}`, '', `Row ${i}`];
      if (i % 100 === 70 && i < 1000) return [`row${i - 1}@example.com`, '', `Row ${i}`];
      return [`row${i}@example.com`, '', `Row ${i}`];
    });
    const job = await prepareImport(me, csvOf(rows));
    // The clock fails at the third batch's commit (its 12th reading: start, the move to importing,
    // then per batch the row time, the commit and two for the progress report), after its writes.
    let readings = 0;
    const failingClock = () => {
      readings += 1;
      if (readings === 12) throw new Error('crash');
      return new Date();
    };
    const message = JSON.stringify({ tuid: me.tuid, importId: job.id });

    // Act: the crashed run, then its redelivery, then the same message once more after the end.
    await expect(runContactImport({ tuid: me.tuid, importId: job.id, now: failingClock })).rejects.toThrow('crash');
    const noticesAtCrash = await contactLimitNotices(me);
    for (let i = 0; i < 2; i += 1) {
      await sqsClient().send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL_CONTACT_IMPORT!, MessageBody: message }));
      await runQueueOnce('contact-import');
    }

    // Assess: the limit's own end, not the abort rule's.
    const done = (await getImportJob(me.tuid, job.id))!;
    expect(done).toMatchObject({ status: 'limitReached', position: 1500, counts: { created: 1000, changed: 0, skipped: 0, duplicated: 10, errors: 10, notImported: 980 } });
    expect(done.reason).toBe(`The free account's limit of ${FREE_CONTACT_LIMIT} contacts is reached: 980 rows were not imported. Upgrade your plan to import them.`);
    expect((await getAccount(me.tuid))?.contactCount).toBe(FREE_CONTACT_LIMIT);
    expect(await contactCount(me)).toBe(FREE_CONTACT_LIMIT);
    expect(noticesAtCrash).toEqual(['reached75']);
    expect(await contactLimitNotices(me)).toEqual(['reached100', 'reached75']);
    const notices = await call<{ result: Array<{ type: string; message: { type: string } }> }>(api, me, 'GET', '/notification/pop-up?page=1&limit=10');
    expect(notices.body.result.filter((notice) => notice.type === 'import').map((notice) => notice.message.type)).toEqual(['limitReached']);
    // Every row of the file is in exactly one list.
    const lists = Object.fromEntries(await Promise.all(LIST_TYPES.map(async (type) => [type, await listedRows(done, type)] as const)));
    expect(Object.fromEntries(LIST_TYPES.map((type) => [type, lists[type]!.length]))).toEqual({ created: 1000, changed: 0, duplicated: 10, error: 10, notImported: 980 });
    const everyRow = LIST_TYPES.flatMap((type) => lists[type]!).sort((a, b) => a - b);
    expect(everyRow).toEqual(rows.map((_, i) => i));
    expect(lists.notImported).toEqual(Array.from({ length: 980 }, (_, i) => 1020 + i));
  }, 120_000);
});
