/**
 * The file manager through the real handlers against DynamoDB Local and the S3 emulator: the
 * browser's presigned PUT and the confirm that records the real size, repeated confirms, type and
 * size checks on the stored bytes, the quota and its 75%/100% notices (once per crossing), folder
 * and name rules, rename, delete, paging, tenant isolation and the permission of spec §2.2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getEntry, getUsage, moveEntryRecord } from '../../../functions/data/file-manager.js';
import { FILE_MANAGER_LIMITS } from '../../../shared/domain/file-manager.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCreateUploadResponse, TEntry, TFileEntry, TListEntriesResponse, TStorageUsage } from '../../../shared/schemas/file-manager.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';

const FILES = '/file-manager';
const MIB = 1024 * 1024;

let api: ApiClient;
let resources: TestTable;

beforeAll(async () => {
  resources = await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());


/** PNG bytes of `size`: the signature, then zeros (the confirm checks the signature). */
function png(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

/** What the drawer does: reserve, PUT the bytes to the presigned URL, confirm. */
async function upload(actor: Actor, name: string, bytes: Uint8Array, options: { folderId?: string; contentType?: string; declaredSize?: number } = {}) {
  const reserved = await call<TCreateUploadResponse>(api, actor, 'POST', `${FILES}/uploads`, {
    folderId: options.folderId,
    name,
    size: options.declaredSize ?? bytes.length,
    contentType: options.contentType ?? 'image/png',
  });
  if (reserved.status !== 201) return { reserved, confirmed: null };
  const put = await fetch(reserved.body.uploadUrl, { method: 'PUT', headers: reserved.body.headers, body: new Blob([Uint8Array.from(bytes)]) });
  expect(put.status).toBe(200);
  const confirmed = await call<{ entry: TEntry; statusCode?: string }>(api, actor, 'POST', `${FILES}/uploads/${reserved.body.uploadId}/confirm`);
  return { reserved, confirmed };
}

async function uploadFile(actor: Actor, name: string, bytes: Uint8Array, folderId?: string): Promise<TFileEntry> {
  const { confirmed } = await upload(actor, name, bytes, { folderId });
  expect(confirmed?.status, JSON.stringify(confirmed?.body)).toBe(200);
  const entry = confirmed!.body.entry;
  if (entry.kind !== 'file') throw new Error('not a file');
  return entry;
}

async function list(actor: Actor, query = ''): Promise<TListEntriesResponse> {
  const answer = await call<TListEntriesResponse>(api, actor, 'GET', `${FILES}/entries${query ? `?${query}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function usage(actor: Actor): Promise<TStorageUsage> {
  return (await call<TStorageUsage>(api, actor, 'GET', `${FILES}/usage`)).body;
}

async function createFolder(actor: Actor, name: string, parentId?: string) {
  return call<{ entry: TEntry; statusCode?: string }>(api, actor, 'POST', `${FILES}/folders`, { name, parentId });
}

async function storageNotices(actor: Actor): Promise<string[]> {
  const answer = await call<{ result: Array<{ message: { type: string; values: Record<string, unknown> } }> }>(api, actor, 'GET', '/notification/history?type=storageLimit&limit=100');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.map((notification) => `${notification.message.type}:${notification.message.values.sizeOfStorage}`).reverse();
}

async function objectExists(urlOrKey: string): Promise<boolean> {
  const key = urlOrKey.startsWith('http') ? decodeURIComponent(new URL(urlOrKey).pathname.replace(/^\/content\//, '')) : urlOrKey;
  const s3 = new S3Client({ endpoint: resources.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, region: resources.env.AWS_REGION });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: process.env.CONTENT_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    s3.destroy();
  }
}

describe('upload and confirm', () => {
  it('records the uploaded file with its real size, lists it, and counts a repeated confirm once', async () => {
    // Prepare
    const me = await signUpAs(api, 'Uploader');
    const prefix = (await call<{ publicURLPrefix: string }>(api, me, 'GET', '/user/getFileManagerPublicUrlPrefix?campId=c1')).body.publicURLPrefix;
    const bytes = png(2000);

    // Act: the browser declared 10 bytes and sent 2000.
    const { reserved, confirmed } = await upload(me, 'Logo.png', bytes, { declaredSize: 10 });
    const again = await call<{ entry: TEntry }>(api, me, 'POST', `${FILES}/uploads/${reserved.body.uploadId}/confirm`);
    const page = await list(me);

    // Assess
    expect(confirmed?.status).toBe(200);
    expect(confirmed?.body.entry).toMatchObject({ kind: 'file', name: 'Logo.png', size: 2000, contentType: 'image/png', parentId: 'root' });
    const file = confirmed!.body.entry as TFileEntry;
    expect(prefix).toBe(`http://127.0.0.1:3000/content/${me.tuid}/`);
    expect(file.url.startsWith(prefix)).toBe(true);
    expect(again.body.entry).toEqual(file);
    expect(page.entries).toEqual([file]);
    expect(page.path).toEqual([{ id: 'root', name: '' }]);
    expect(await usage(me)).toEqual({ usedBytes: 2000, quotaBytes: 50 * MIB, fileCount: 1 });
    expect(await objectExists(file.url)).toBe(true);
    // The browser's bytes went to the pending prefix, which the confirm emptied.
    expect(new URL(reserved.body.uploadUrl).pathname).toContain(`/pending/${me.tuid}/${reserved.body.uploadId}`);
    expect(await objectExists(`pending/${me.tuid}/${reserved.body.uploadId}`)).toBe(false);
  });

  it('refuses files whose bytes or type are not hosted, and files over the size cap, storing nothing', async () => {
    // Prepare
    const me = await signUpAs(api, 'Type checker');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');

    // Act
    const disguised = await upload(me, 'innocent.png', html);
    const svg = await call(api, me, 'POST', `${FILES}/uploads`, { name: 'drawing.svg', size: 100, contentType: 'image/svg+xml' });
    const mismatched = await call(api, me, 'POST', `${FILES}/uploads`, { name: 'photo.png', size: 100, contentType: 'application/pdf' });
    const declaredHuge = await call(api, me, 'POST', `${FILES}/uploads`, { name: 'huge.png', size: FILE_MANAGER_LIMITS.fileBytes + 1, contentType: 'image/png' });
    const sentHuge = await upload(me, 'sneaky.png', png(FILE_MANAGER_LIMITS.fileBytes + 1), { declaredSize: 100 });

    // Assess
    expect([disguised.confirmed?.status, disguised.confirmed?.body.statusCode]).toEqual([400, ERROR_CODES.FILE_REJECTED]);
    expect([svg.status, svg.body.statusCode]).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    expect([mismatched.status, mismatched.body.statusCode]).toEqual([400, ERROR_CODES.FILE_REJECTED]);
    expect([declaredHuge.status, declaredHuge.body.statusCode]).toEqual([400, ERROR_CODES.FILE_REJECTED]);
    expect([sentHuge.confirmed?.status, sentHuge.confirmed?.body.statusCode]).toEqual([400, ERROR_CODES.FILE_REJECTED]);
    expect((await list(me)).entries).toEqual([]);
    expect(await usage(me)).toMatchObject({ usedBytes: 0, fileCount: 0 });
    // A refused upload is spent and its bytes removed: confirming it again finds nothing.
    expect((await call(api, me, 'POST', `${FILES}/uploads/${disguised.reserved.body.uploadId}/confirm`)).status).toBe(404);
    expect(await objectExists(`pending/${me.tuid}/${disguised.reserved.body.uploadId}`)).toBe(false);
  });

  it('stores a file as its checked type, whatever type the browser sent with the bytes', async () => {
    // Prepare
    const me = await signUpAs(api, 'Type forger');
    const reserved = await call<TCreateUploadResponse>(api, me, 'POST', `${FILES}/uploads`, { name: 'banner.png', size: 64, contentType: 'image/png' });
    await fetch(reserved.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: new Blob([Uint8Array.from(png(64))]) });

    // Act
    const confirmed = await call<{ entry: TFileEntry }>(api, me, 'POST', `${FILES}/uploads/${reserved.body.uploadId}/confirm`);

    // Assess
    const key = decodeURIComponent(new URL(confirmed.body.entry.url).pathname.replace(/^\/content\//, ''));
    const s3 = new S3Client({ endpoint: resources.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, region: resources.env.AWS_REGION });
    const head = await s3.send(new HeadObjectCommand({ Bucket: process.env.CONTENT_BUCKET, Key: key }));
    s3.destroy();
    expect(head.ContentType).toBe('image/png');
  });
});

describe('quota and notices', () => {
  it('refuses an upload over the quota and tells the owner at 75% and 100% once per crossing', async () => {
    // Prepare: the free baseline of 50 MB, filled with files of 10 MiB.
    const me = await signUpAs(api, 'Quota filler');
    const tenMib = png(10 * MIB);

    // Act
    const files: TFileEntry[] = [];
    for (let index = 1; index <= 4; index += 1) files.push(await uploadFile(me, `big-${index}.png`, tenMib));
    const afterFour = await storageNotices(me);
    files.push(await uploadFile(me, 'big-5.png', tenMib));
    const refused = await upload(me, 'one-more.png', png(100));
    const afterFull = await storageNotices(me);
    const deleted = await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [files[4]!.id] });
    const afterDelete = await usage(me);
    files.push(await uploadFile(me, 'big-6.png', tenMib));

    // Assess
    expect(afterFour).toEqual(['reached75:50']);
    expect([refused.reserved.status, refused.reserved.body]).toEqual([403, expect.objectContaining({ statusCode: ERROR_CODES.STORAGE_LIMIT })]);
    expect(afterFull).toEqual(['reached75:50', 'reached100:50']);
    expect(deleted.body).toEqual({ deleted: 1 });
    expect(afterDelete).toEqual({ usedBytes: 40 * MIB, quotaBytes: 50 * MIB, fileCount: 4 });
    // Falling under 100% and filling up again is a new crossing; 75% was never left, so it is not told again.
    expect(await storageNotices(me)).toEqual(['reached75:50', 'reached100:50', 'reached100:50']);
    expect(await usage(me)).toMatchObject({ usedBytes: 50 * MIB, fileCount: 5 });
  });

  it('lets only one of two racing confirms take the last space', async () => {
    // Prepare: 45 MiB used, two 4 MiB files reserved while both still fit.
    const me = await signUpAs(api, 'Racer');
    for (let index = 1; index <= 4; index += 1) await uploadFile(me, `base-${index}.png`, png(10 * MIB));
    await uploadFile(me, 'base-5.png', png(5 * MIB));
    const reservations = await Promise.all(
      ['a.png', 'b.png'].map((name) => call<TCreateUploadResponse>(api, me, 'POST', `${FILES}/uploads`, { name, size: 4 * MIB, contentType: 'image/png' })),
    );
    for (const reservation of reservations) {
      await fetch(reservation.body.uploadUrl, { method: 'PUT', headers: reservation.body.headers, body: new Blob([Uint8Array.from(png(4 * MIB))]) });
    }

    // Act
    const confirms = await Promise.all(reservations.map((reservation) => call(api, me, 'POST', `${FILES}/uploads/${reservation.body.uploadId}/confirm`)));

    // Assess
    expect(confirms.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(await usage(me)).toMatchObject({ usedBytes: 49 * MIB, fileCount: 6 });
  });
});

describe('folders, names, rename and delete', () => {
  it('keeps names unique per folder, numbers a taken upload name, nests folders and refuses deleting a non-empty one', async () => {
    // Prepare
    const me = await signUpAs(api, 'Organiser');
    const folder = (await createFolder(me, 'Banners')).body.entry;

    // Act
    const sameName = await createFolder(me, ' banners ');
    const fileNamedLikeFolder = await upload(me, 'Banners', png(50));
    const inside = await uploadFile(me, 'hero.png', png(300), folder.id);
    const numbered = await uploadFile(me, 'HERO.png', png(300), folder.id);
    const badName = await createFolder(me, 'a/b');
    const notEmpty = await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [folder.id] });
    let parentId = folder.id;
    for (let depth = 2; depth <= FILE_MANAGER_LIMITS.folderDepth; depth += 1) parentId = (await createFolder(me, `level ${depth}`, parentId)).body.entry.id;
    const tooDeep = await createFolder(me, 'too deep', parentId);
    const page = await list(me, `folderId=${folder.id}`);

    // Assess
    expect([sameName.status, sameName.body]).toEqual([409, expect.objectContaining({ statusCode: ERROR_CODES.RECORD_NAME_EXISTS })]);
    expect(fileNamedLikeFolder.reserved.status).toBe(400);
    expect(inside).toMatchObject({ name: 'hero.png', parentId: folder.id });
    expect(numbered.name).toBe('HERO (2).png');
    expect([badName.status, badName.body.statusCode]).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    expect([notEmpty.status, notEmpty.body.statusCode]).toEqual([409, ERROR_CODES.FOLDER_NOT_EMPTY]);
    expect([tooDeep.status, tooDeep.body.statusCode]).toEqual([409, ERROR_CODES.LIMIT_REACHED]);
    expect(page.path).toEqual([{ id: 'root', name: '' }, { id: folder.id, name: 'Banners' }]);
    expect(page.entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['folder', 'level 2'],
      ['file', 'HERO (2).png'],
      ['file', 'hero.png'],
    ]);
  });

  it('numbers the name at confirm when another upload took it after the reservation', async () => {
    // Prepare: two uploads of the same name reserved before either is confirmed.
    const me = await signUpAs(api, 'Twin uploader');
    const reservations = await Promise.all([1, 2].map(() => call<TCreateUploadResponse>(api, me, 'POST', `${FILES}/uploads`, { name: 'logo.png', size: 64, contentType: 'image/png' })));
    for (const reservation of reservations) {
      await fetch(reservation.body.uploadUrl, { method: 'PUT', headers: reservation.body.headers, body: new Blob([Uint8Array.from(png(64))]) });
    }

    // Act
    const first = await call<{ entry: TFileEntry }>(api, me, 'POST', `${FILES}/uploads/${reservations[0]!.body.uploadId}/confirm`);
    const second = await call<{ entry: TFileEntry }>(api, me, 'POST', `${FILES}/uploads/${reservations[1]!.body.uploadId}/confirm`);

    // Assess
    expect(reservations.map((reservation) => reservation.body.name)).toEqual(['logo.png', 'logo.png']);
    expect([first.body.entry.name, second.body.entry.name]).toEqual(['logo.png', 'logo (2).png']);
    expect(await usage(me)).toMatchObject({ usedBytes: 128, fileCount: 2 });
  });

  it('renames files and folders (a file keeps its URL and type), and deletes files, then their empty folder', async () => {
    // Prepare
    const me = await signUpAs(api, 'Renamer');
    const folder = (await createFolder(me, 'Spring')).body.entry;
    const file = await uploadFile(me, 'photo.png', png(500), folder.id);
    const other = await uploadFile(me, 'other.png', png(700), folder.id);

    // Act
    const renamed = await call<{ entry: TFileEntry }>(api, me, 'PUT', `${FILES}/entries/${file.id}/name`, { name: 'Cover photo.png' });
    const clash = await call(api, me, 'PUT', `${FILES}/entries/${file.id}/name`, { name: 'OTHER.png' });
    const typeChange = await call(api, me, 'PUT', `${FILES}/entries/${file.id}/name`, { name: 'cover.pdf' });
    const folderRenamed = await call<{ entry: TEntry }>(api, me, 'PUT', `${FILES}/entries/${folder.id}/name`, { name: 'Summer' });
    const listed = await list(me, `folderId=${folder.id}`);
    const deleted = await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [file.id, other.id, folder.id] });
    const deletedAgain = await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [file.id] });

    // Assess
    expect(renamed.body.entry).toMatchObject({ id: file.id, name: 'Cover photo.png', url: file.url });
    expect([clash.status, clash.body.statusCode]).toEqual([409, ERROR_CODES.RECORD_NAME_EXISTS]);
    expect([typeChange.status, typeChange.body.statusCode]).toEqual([400, ERROR_CODES.FILE_REJECTED]);
    expect(folderRenamed.body.entry).toMatchObject({ id: folder.id, name: 'Summer' });
    expect(listed.path.at(-1)).toEqual({ id: folder.id, name: 'Summer' });
    expect(listed.entries.map((entry) => entry.name)).toEqual(['Cover photo.png', 'other.png']);
    expect(deleted.body).toEqual({ deleted: 3 });
    expect(deletedAgain.body).toEqual({ deleted: 0 });
    expect((await list(me)).entries).toEqual([]);
    expect(await usage(me)).toMatchObject({ usedBytes: 0, fileCount: 0 });
    expect(await objectExists(file.url)).toBe(false);
  });

  it('moves files and folders between folders, never a folder into itself or past the depth limit', async () => {
    // Prepare: Archive/2025 and a Banners folder with a photo; a chain of 4 folders.
    const me = await signUpAs(api, 'Mover');
    const archive = (await createFolder(me, 'Archive')).body.entry;
    const year = (await createFolder(me, '2025', archive.id)).body.entry;
    const banners = (await createFolder(me, 'Banners')).body.entry;
    const photo = await uploadFile(me, 'photo.png', png(100), banners.id);
    const clash = await uploadFile(me, 'photo.png', png(100), year.id);
    let deepest = (await createFolder(me, 'd1')).body.entry;
    for (const name of ['d2', 'd3', 'd4']) deepest = (await createFolder(me, name, deepest.id)).body.entry;
    const move = (id: string, parentId: string) => call<{ entry: TEntry; statusCode?: string }>(api, me, 'PUT', `${FILES}/entries/${id}/parent`, { parentId });

    // Act
    const fileMoved = await move(photo.id, archive.id);
    const nameTakenThere = await move(photo.id, year.id);
    const intoItself = await move(archive.id, year.id);
    const tooDeep = await move(archive.id, deepest.id);
    const folderMoved = await move(banners.id, year.id);
    const emptied = await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [year.id] });

    // Assess
    expect(fileMoved.body.entry).toMatchObject({ id: photo.id, parentId: archive.id, url: photo.url });
    expect([nameTakenThere.status, nameTakenThere.body.statusCode]).toEqual([409, ERROR_CODES.RECORD_NAME_EXISTS]);
    expect([intoItself.status, intoItself.body.statusCode]).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    expect([tooDeep.status, tooDeep.body.statusCode]).toEqual([409, ERROR_CODES.LIMIT_REACHED]);
    expect(folderMoved.body.entry).toMatchObject({ id: banners.id, parentId: year.id });
    expect((await list(me, `folderId=${archive.id}`)).entries.map((entry) => entry.name)).toEqual(['2025', 'photo.png']);
    expect((await list(me, `folderId=${year.id}`)).entries.map((entry) => entry.name)).toEqual(['Banners', 'photo.png']);
    expect((await list(me, `folderId=${banners.id}`)).entries).toEqual([]);
    expect((await list(me)).entries.map((entry) => entry.name)).toEqual(['Archive', 'd1']);
    // The child counts moved with the entries: 2025 holds two, so it is not deleted.
    expect([emptied.status, emptied.body.statusCode]).toEqual([409, ERROR_CODES.FOLDER_NOT_EMPTY]);
    expect((await call(api, me, 'DELETE', `${FILES}/entries`, { ids: [clash.id, banners.id, year.id] })).body).toEqual({ deleted: 3 });
  });

  it('never lets two crossing folder moves make a loop: a move judged on a tree that changed is judged again', async () => {
    // Prepare: two sibling folders, and a move judged on the tree before another folder moved.
    const me = await signUpAs(api, 'Crossing mover');
    const left = (await createFolder(me, 'Left')).body.entry;
    const right = (await createFolder(me, 'Right')).body.entry;
    const leftRecord = (await getEntry(me.tuid, left.id))!;
    const treeRead = (await getUsage(me.tuid)).folderMoves;
    const move = (id: string, parentId: string) => call<{ entry: TEntry; statusCode?: string }>(api, me, 'PUT', `${FILES}/entries/${id}/parent`, { parentId });

    // Act: Right goes into Left; then the move of Left into Right, judged before that, is written.
    const rightMoved = await move(right.id, left.id);
    const staleMove = await moveEntryRecord({ tuid: me.tuid, entry: leftRecord, parentId: right.id, now: new Date().toISOString(), folderMovesRead: treeRead });
    const judgedAgain = await move(left.id, right.id);

    // Assess: the stale write is refused, and judged on the new tree the move is a loop.
    expect(rightMoved.body.entry).toMatchObject({ id: right.id, parentId: left.id });
    expect(staleMove).toBe('treeChanged');
    expect([judgedAgain.status, judgedAgain.body.statusCode]).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    expect((await getEntry(me.tuid, left.id))?.parentId).toBe('root');
  });

  it('lets only one of two folder moves racing into each other through', async () => {
    // Prepare
    const me = await signUpAs(api, 'Racing mover');
    const left = (await createFolder(me, 'Left')).body.entry;
    const right = (await createFolder(me, 'Right')).body.entry;
    const move = (id: string, parentId: string) => call<{ entry: TEntry; statusCode?: string }>(api, me, 'PUT', `${FILES}/entries/${id}/parent`, { parentId });

    // Act
    const answers = await Promise.all([move(left.id, right.id), move(right.id, left.id)]);

    // Assess
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const parents = [(await getEntry(me.tuid, left.id))?.parentId, (await getEntry(me.tuid, right.id))?.parentId];
    expect(parents.filter((parentId) => parentId === 'root')).toHaveLength(1);
  });

  it('pages a folder with a cursor, folders first', async () => {
    // Prepare
    const me = await signUpAs(api, 'Pager');
    for (const name of ['c', 'a', 'b']) await createFolder(me, name);
    await uploadFile(me, 'z.png', png(20));

    // Act
    const first = await list(me, 'limit=2');
    const second = await list(me, `limit=2&cursor=${first.nextCursor}`);
    const foreignCursor = await call(api, me, 'GET', `${FILES}/entries?folderId=abc&cursor=${first.nextCursor}`);

    // Assess
    expect(first.entries.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect(second.entries.map((entry) => entry.name)).toEqual(['c', 'z.png']);
    expect(foreignCursor.status).toBe(404);
  });
});

describe('access', () => {
  it('needs write on email, sms or template, and keeps each account to its own files', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Owner');
    const file = await uploadFile(owner, 'secret.png', png(100));
    const analyst = await connect(owner, await signUpAs(api, 'Analyst'), 'analyst');
    const dataManager = await connect(owner, await signUpAs(api, 'Data Manager'), 'dataUser');
    const creator = await connect(owner, await signUpAs(api, 'Creator'), 'campaignCreator');
    const stranger = await signUpAs(api, 'Stranger');

    // Act
    const refused = await Promise.all(
      [analyst, dataManager].flatMap((actor) => [
        call(api, actor, 'GET', `${FILES}/entries`),
        call(api, actor, 'GET', `${FILES}/usage`),
        call(api, actor, 'GET', `${FILES}/files?ids=${file.id}`),
        call(api, actor, 'GET', '/user/getFileManagerPublicUrlPrefix'),
        call(api, actor, 'POST', `${FILES}/folders`, { name: 'x' }),
        call(api, actor, 'POST', `${FILES}/uploads`, { name: 'x.png', size: 10, contentType: 'image/png' }),
        call(api, actor, 'PUT', `${FILES}/entries/${file.id}/name`, { name: 'y.png' }),
        call(api, actor, 'PUT', `${FILES}/entries/${file.id}/parent`, { parentId: 'root' }),
        call(api, actor, 'DELETE', `${FILES}/entries`, { ids: [file.id] }),
      ]),
    );
    const creatorList = await list(creator);
    const strangerRename = await call(api, stranger, 'PUT', `${FILES}/entries/${file.id}/name`, { name: 'mine.png' });
    const strangerDelete = await call(api, stranger, 'DELETE', `${FILES}/entries`, { ids: [file.id] });

    // Assess
    expect(refused.map((answer) => [answer.status, answer.body.statusCode])).toEqual(refused.map(() => [403, ERROR_CODES.NO_PERMISSION]));
    expect(creatorList.entries).toEqual([file]);
    expect([strangerRename.status, strangerRename.body.statusCode]).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(strangerDelete.body).toEqual({ deleted: 0 });
    expect((await list(stranger)).entries).toEqual([]);
    expect((await list(owner)).entries).toEqual([file]);
  });
});

describe('files by id', () => {
  it('answers the asked files in order, leaving out folders, unknown ids and other accounts’ files', async () => {
    // Prepare: an MMS names its media by file id.
    const owner = await signUpAs(api, 'Media owner');
    const first = await uploadFile(owner, 'first.png', png(100));
    const second = await uploadFile(owner, 'second.png', png(120));
    const folder = (await createFolder(owner, 'Media')).body.entry;
    const stranger = await signUpAs(api, 'Media stranger');

    // Act
    const found = await call<{ files: TFileEntry[] }>(api, owner, 'GET', `${FILES}/files?ids=${second.id},${folder.id},${first.id},01M8DZFXPT15T9F3NCK6NT5S9D,${second.id}`);
    const forStranger = await call<{ files: TFileEntry[] }>(api, stranger, 'GET', `${FILES}/files?ids=${first.id}`);
    const bad = await Promise.all([call(api, owner, 'GET', `${FILES}/files`), call(api, owner, 'GET', `${FILES}/files?ids=`), call(api, owner, 'GET', `${FILES}/files?ids=${Array.from({ length: 21 }, () => first.id).join(',')}`)]);

    // Assess
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.files).toEqual([second, first]);
    expect(forStranger.body.files).toEqual([]);
    expect(bad.map((answer) => [answer.status, answer.body.statusCode])).toEqual(bad.map(() => [400, ERROR_CODES.INVALID_INPUT]));
  });
});
