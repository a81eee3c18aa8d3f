/**
 * Templates (spec §2.1 /templates, §4 "Edit locking", §8 TPL-SAV-01 and VAL-TPL-01): email, SMS
 * and MMS templates with names unique per account, content in the data bucket, and one editor at
 * a time. Another account's template answers exactly like a missing one.
 *
 * Content versions are written before anything refers to them and deleted only after nothing
 * does, so a crash between steps leaves at worst an unreferenced object, never a template whose
 * metadata and content disagree.
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import {
  checkTemplateContentSize,
  copyName,
  beingModifiedError,
  EDIT_LOCK,
  liveEditLock,
  refuseIfLockedByOther,
  requireOwnEditLock,
  templateNameKey,
  templateSnippet,
  toApiEditLock,
  type EditLockHolder,
} from '../../../shared/domain/templates.js';
import type {
  TCreateTemplateRequest,
  TSaveTemplateRequest,
  TTemplate,
  TTemplateContent,
  TTemplateListQuery,
  TTemplateListResponse,
  TTemplateLockResponse,
  TTemplateSummary,
} from '../../../shared/schemas/templates.js';
import { getAccount } from '../../data/accounts.js';
import {
  claimTemplateEditLock,
  deleteTemplateContent,
  deleteTemplateRecords,
  findTemplateNameKeys,
  getTemplateRecord,
  insertTemplateRecord,
  listTemplateRecords,
  readTemplateContent,
  releaseTemplateEditLock,
  templateContentVersion,
  TemplateNameTaken,
  updateTemplateRecord,
  writeTemplateContent,
  type StoredContent,
  type TemplateRecord,
  type TemplateUser,
} from '../../data/templates.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { endSharesOfTemplates } from './template-share-notices.js';

/** Who acts: the account (tenant) and the signed-in user, both from the verified token. */
type Caller = { tuid: string; loginTuid: string };

/** Re-reads after a lost race before giving up; races need the same template changed that often at once. */
const CONFLICT_ATTEMPTS = 3;

function notFound(): AppError {
  return new AppError(ERROR_CODES.TEMPLATE_NOT_FOUND, 'This template does not exist.');
}

function nameUsed(): AppError {
  return new AppError(ERROR_CODES.TEMPLATE_NAME_USED, 'This template name is already used.');
}

function toSummary(record: TemplateRecord, now: Date): TTemplateSummary {
  const lock = liveEditLock(record.lock, now);
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    editor: record.editor,
    size: record.size,
    snippet: record.snippet,
    version: templateContentVersion(record.contentKey),
    createTime: record.createTime,
    updateTime: record.updateTime,
    createdBy: record.createdBy,
    updatedBy: record.updatedBy,
    lock: lock ? toApiEditLock(lock) : null,
  };
}

/** The user as templates name them; the full name is a snapshot (shown on lists and in lockedBy). */
async function templateUser(loginTuid: string): Promise<TemplateUser> {
  return { loginTuid, name: (await getAccount(loginTuid))?.fullname ?? '' };
}

async function requireTemplate(tuid: string, templateId: string): Promise<TemplateRecord> {
  const record = await getTemplateRecord(tuid, templateId);
  if (!record) throw notFound();
  return record;
}

/** A content version nothing refers to any more; a failure only leaves an unreferenced object. */
async function discardContent(contentKey: string): Promise<void> {
  await deleteTemplateContent(contentKey).catch((error: unknown) =>
    logger.warn('template content version not removed', { contentKey, error }),
  );
}

async function storeContent(tuid: string, templateId: string, content: TTemplateContent, now: Date): Promise<StoredContent> {
  const { contentKey, size } = await writeTemplateContent(tuid, templateId, content, now);
  return { contentKey, size, snippet: templateSnippet(content), editor: content.kind === 'email' ? content.editor : null };
}

/** The metadata and the content it names; a save may replace (and delete) a version just read, so read again then. */
export async function loadCurrent({ tuid, templateId }: { tuid: string; templateId: string }): Promise<{ record: TemplateRecord; content: TTemplateContent }> {
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    const record = await requireTemplate(tuid, templateId);
    const content = await readTemplateContent(record.contentKey);
    if (content) return { record, content };
  }
  throw new Error(`template ${templateId} of ${tuid} names a content object that does not exist`);
}

function newRecord(options: { id: string; name: string; kind: TTemplateContent['kind']; stored: StoredContent; user: TemplateUser; now: Date }): TemplateRecord {
  const at = options.now.toISOString();
  return {
    id: options.id,
    name: options.name,
    nameKey: templateNameKey(options.name),
    kind: options.kind,
    ...options.stored,
    createTime: at,
    updateTime: at,
    createdBy: options.user,
    updatedBy: options.user,
    lock: null,
  };
}

/** Creates a template; a name the account already uses (any case) answers TPL-SAV-01. */
export async function createTemplate(options: Caller & { input: TCreateTemplateRequest; now: Date }): Promise<TTemplate> {
  const { tuid, loginTuid, input, now } = options;
  checkTemplateContentSize(input.content);
  const id = timeOrderedId(now);
  const [user, stored] = await Promise.all([templateUser(loginTuid), storeContent(tuid, id, input.content, now)]);
  const record = newRecord({ id, name: input.name, kind: input.content.kind, stored, user, now });
  try {
    await insertTemplateRecord(tuid, record);
  } catch (error) {
    await discardContent(stored.contentKey);
    if (error instanceof TemplateNameTaken) throw nameUsed();
    throw error;
  }
  return { ...toSummary(record, now), content: input.content };
}

/** One template with its content. */
export async function getTemplate(options: { tuid: string; templateId: string; now: Date }): Promise<TTemplate> {
  const { record, content } = await loadCurrent({ tuid: options.tuid, templateId: options.templateId });
  return { ...toSummary(record, options.now), content };
}

/** A page of templates, newest first, without their content. */
export async function listTemplates(options: { tuid: string; query: TTemplateListQuery; now: Date }): Promise<TTemplateListResponse> {
  const { tuid, query, now } = options;
  const nameFragment = query.search ? templateNameKey(query.search) : undefined;
  const { records, more } = await listTemplateRecords(tuid, { after: query.cursor, limit: query.limit, kind: query.kind, nameFragment: nameFragment || undefined });
  return { data: records.map((record) => toSummary(record, now)), nextCursor: more ? records[records.length - 1].id : null };
}

/**
 * The editor's save: new content and/or a new name, only by the user holding the live edit lock
 * (which the save renews). The new content version is stored first; the metadata then switches to
 * it on the condition that the lock is still the caller's and the version it replaces is the one
 * read; only then is the replaced version deleted.
 */
export async function saveTemplate(options: Caller & { templateId: string; input: TSaveTemplateRequest; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, templateId, input, now } = options;
  let record = await requireTemplate(tuid, templateId);
  requireOwnEditLock(record.lock, loginTuid, now);
  if (input.content && input.content.kind !== record.kind) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, `content.kind: this is a ${record.kind} template; its kind cannot change.`);
  }
  if (input.content) checkTemplateContentSize(input.content);
  const [user, stored] = await Promise.all([templateUser(loginTuid), input.content ? storeContent(tuid, templateId, input.content, now) : undefined]);
  const renamed = input.name === undefined ? {} : { name: input.name, nameKey: templateNameKey(input.name) };
  const renewUntil = new Date(now.getTime() + EDIT_LOCK.leaseMs);
  try {
    for (let attempt = 1; ; attempt += 1) {
      const change = { ...renamed, content: stored, updatedBy: user, updateTime: now.toISOString(), lock: { kind: 'own' as const, loginTuid, now, renewUntil } };
      if (await updateTemplateRecord(tuid, record, change)) break;
      // Deleted, lock lost, or the same user's other save (another tab) switched versions first.
      const current = await requireTemplate(tuid, templateId);
      requireOwnEditLock(current.lock, loginTuid, now);
      if (attempt >= CONFLICT_ATTEMPTS) throw new Error(`template ${templateId} save kept losing races`);
      record = current;
    }
  } catch (error) {
    if (stored) await discardContent(stored.contentKey);
    if (error instanceof TemplateNameTaken) throw nameUsed();
    throw error;
  }
  if (stored) await discardContent(record.contentKey);
  const saved: TemplateRecord = {
    ...record,
    ...renamed,
    ...stored,
    updateTime: now.toISOString(),
    updatedBy: user,
    lock: { loginTuid, name: record.lock?.name ?? user.name, expiresAt: renewUntil.getTime() },
  };
  return toSummary(saved, now);
}

/** Renames from the list: no lock of one's own needed, but not while another user is editing. */
export async function renameTemplate(options: Caller & { templateId: string; name: string; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, templateId, name, now } = options;
  const user = await templateUser(loginTuid);
  const nameKey = templateNameKey(name);
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    const record = await requireTemplate(tuid, templateId);
    refuseIfLockedByOther(record.lock, loginTuid, now);
    try {
      const change = { name, nameKey, updatedBy: user, updateTime: now.toISOString(), lock: { kind: 'notOthers' as const, loginTuid, now } };
      if (await updateTemplateRecord(tuid, record, change)) return toSummary({ ...record, name, nameKey, updatedBy: user, updateTime: change.updateTime }, now);
    } catch (error) {
      if (error instanceof TemplateNameTaken) throw nameUsed();
      throw error;
    }
  }
  throw new Error(`template ${templateId} rename kept losing races`);
}

/** Copies tried with a generated name before giving up; each loses only to a name taken since the list was read. */
const COPY_NAME_TRIES = 5;
/** "Copy of X (n)" numbers considered. */
const COPY_NAME_MAX_NUMBER = 10_000;

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
}

/**
 * Copies a template with its content. Without a name the copy is "Copy of X", or the first free
 * "Copy of X (n)": the taken names are read once, and a name another request takes meanwhile
 * makes the claim fail, so the next free number is tried.
 */
export async function copyTemplate(options: Caller & { templateId: string; name?: string; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, templateId, now } = options;
  const { record: source, content } = await loadCurrent({ tuid, templateId });
  const id = timeOrderedId(now);
  const [user, stored] = await Promise.all([templateUser(loginTuid), storeContent(tuid, id, content, now)]);
  const candidates = async function* (): AsyncGenerator<string> {
    if (options.name !== undefined) {
      yield options.name;
      return;
    }
    const prefix = commonPrefix(templateNameKey(copyName(source.name, 1)), templateNameKey(copyName(source.name, COPY_NAME_MAX_NUMBER)));
    const taken = await findTemplateNameKeys(tuid, prefix);
    for (let number = 1; number <= COPY_NAME_MAX_NUMBER; number += 1) {
      const name = copyName(source.name, number);
      if (!taken.has(templateNameKey(name))) yield name;
    }
  };
  let tries = 0;
  try {
    for await (const name of candidates()) {
      const record = newRecord({ id, name, kind: source.kind, stored, user, now });
      try {
        await insertTemplateRecord(tuid, record);
        return toSummary(record, now);
      } catch (error) {
        tries += 1;
        if (!(error instanceof TemplateNameTaken) || options.name !== undefined || tries >= COPY_NAME_TRIES) throw error;
      }
    }
    throw new TemplateNameTaken();
  } catch (error) {
    await discardContent(stored.contentKey);
    if (error instanceof TemplateNameTaken) throw nameUsed();
    throw error;
  }
}

/**
 * Deletes templates, all or none, refused while another user is editing any of them. `requireAll`:
 * a missing one answers VAL-TPL-01 (deleting one); otherwise missing ones are skipped (already
 * gone). Answers how many were deleted.
 */
export async function deleteTemplates(options: Caller & { templateIds: readonly string[]; requireAll: boolean; now: Date }): Promise<number> {
  const { tuid, loginTuid, now } = options;
  const ids = [...new Set(options.templateIds)];
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    const found = await Promise.all(ids.map((id) => getTemplateRecord(tuid, id)));
    const records = found.filter((record): record is TemplateRecord => record !== null);
    if (options.requireAll && records.length < ids.length) throw notFound();
    for (const record of records) refuseIfLockedByOther(record.lock, loginTuid, now);
    if (await deleteTemplateRecords(tuid, records, { kind: 'notOthers', loginTuid, now })) {
      await Promise.all(records.map((record) => discardContent(record.contentKey)));
      // Deleting a template ends its shares and pending copies (spec §4 "Template and group sharing").
      await endSharesOfTemplates({ ownerTuid: tuid, loginTuid, templates: records, now });
      return records.length;
    }
    // One was renamed, deleted or locked meanwhile: judge again on fresh reads.
  }
  throw new Error(`deleting templates of ${tuid} kept losing races`);
}

/**
 * Takes or renews the caller's edit lock for a lease (the editor renews it every heartbeat, so it
 * lapses soon after the editor's browser goes away). Another user's live lock answers Access
 * Denied naming them (spec §4 "Edit locking", §8).
 */
export async function lockTemplate(options: Caller & { templateId: string; now: Date }): Promise<TTemplateLockResponse> {
  const { tuid, loginTuid, templateId, now } = options;
  const user = await templateUser(loginTuid);
  const holder: EditLockHolder = { loginTuid, name: user.name, expiresAt: now.getTime() + EDIT_LOCK.leaseMs };
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    if (await claimTemplateEditLock(tuid, templateId, holder, now)) return { lock: toApiEditLock(holder), heartbeatMs: EDIT_LOCK.heartbeatMs };
    const record = await requireTemplate(tuid, templateId);
    const live = liveEditLock(record.lock, now);
    if (live && live.loginTuid !== loginTuid) throw beingModifiedError(live);
    // The other lock was released or lapsed between the claim and the read: claim again.
  }
  throw new Error(`template ${templateId} lock kept losing races`);
}

/** Gives up the caller's edit lock (the editor closing); someone else's lock is left alone. */
export async function unlockTemplate(options: Caller & { templateId: string }): Promise<void> {
  const { tuid, loginTuid, templateId } = options;
  await requireTemplate(tuid, templateId);
  await releaseTemplateEditLock(tuid, templateId, loginTuid);
}
