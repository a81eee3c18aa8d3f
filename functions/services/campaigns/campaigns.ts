/**
 * Campaigns as records (spec §2.1 /emails, /sms-and-mms and their wizards, §7 "Campaign saving"):
 * create, load, save a step of the wizard, check a title, edit lock, list with tabs, rename, tag,
 * replicate, delete. Every call names the family it came through (the email/ or the sms/ API),
 * and a campaign of the other family is not found there. State changes (send, schedule, pause,
 * approval, ...) are in campaign-actions.ts.
 */
import { type CampaignFamily, channelOfType, FAMILY_CHANNELS } from '../../../shared/domain/campaign-channels.js';
import { campaignNameKey, normalizeTags, replicaName } from '../../../shared/domain/campaign-fields.js';
import { type CampaignStateView, isEditable } from '../../../shared/domain/campaign-states.js';
import { CAMPAIGN_TAB_NAMES, type CampaignTab, isInTab } from '../../../shared/domain/campaign-tabs.js';
import { isValidEmail } from '../../../shared/domain/email.js';
import { mmsMediaProblems } from '../../../shared/domain/mms-media.js';
import { DEFAULT_MOBILE_COUNTRY, normalizeMobile } from '../../../shared/domain/phone.js';
import {
  beingModifiedError,
  checkTemplateContentSize,
  EDIT_LOCK,
  liveEditLock,
  refuseIfLockedByOther,
  requireOwnEditLock,
  toApiEditLock,
  type EditLockHolder,
} from '../../../shared/domain/templates.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type {
  TCampaignListQuery,
  TCampaignCommand,
  TCampaignListResponse,
  TCampaignLoadResponse,
  TCampaignSummary,
  TEmailCampaignCommand,
  TSaveCampaignRequest,
  TSaveCampaignResponse,
  TSaveSmsCampaignRequest,
  TSaveSmsCampaignResponse,
  TSmsCampaignCommand,
  TSmsCampaignLoadResponse,
} from '../../../shared/schemas/campaigns.js';
import { getAccount } from '../../data/accounts.js';
import { getCountersOf } from '../../data/campaign-counters.js';
import {
  CampaignNameTaken,
  changeCampaignRecord,
  claimCampaignEditLock,
  deleteCampaignCommand,
  deleteCampaignRecords,
  findCampaignIdByNameKey,
  findCampaignNameKeys,
  getCampaignRecord,
  insertCampaignRecord,
  listCampaignRecords,
  readCampaignCommand,
  releaseCampaignEditLock,
  renameCampaignRecord,
  writeCampaignCommand,
  type CampaignRecord,
  type CampaignUser,
} from '../../data/campaigns.js';
import { listGroups } from '../../data/groups.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { SYSTEM_GROUPS } from '../contacts/groups.js';

/** Who acts: the account (tenant) and the signed-in user, both from the verified token. */
export type Caller = { tuid: string; loginTuid: string };

/** Re-reads after a lost race before giving up. */
const CONFLICT_ATTEMPTS = 3;
/** Replica names tried before giving up ("Name (copy)", "Name (copy 2)", ...). */
const REPLICA_NAME_ATTEMPTS = 50;

export function campaignNotFound(): AppError {
  return new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This campaign does not exist.');
}

function nameUsed(): AppError {
  return new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'This campaign name is already used.');
}

/** The user as campaigns name them; the full name is a snapshot (lists, lockedBy, notifications). */
export async function campaignUser(loginTuid: string): Promise<CampaignUser> {
  return { loginTuid, name: (await getAccount(loginTuid))?.fullname ?? '' };
}

/** A campaign of the account in this family, or VAL-REC-01 (also for another account's id or the other family's). */
export async function requireCampaign({ tuid, campaignId, family }: { tuid: string; campaignId: string; family: CampaignFamily }): Promise<CampaignRecord> {
  const record = await getCampaignRecord(tuid, campaignId);
  if (!record || !FAMILY_CHANNELS[family].includes(record.channel)) throw campaignNotFound();
  return record;
}

/** What the transition rules of shared/domain/campaign-states.ts look at. */
export function stateViewOf(record: CampaignRecord): CampaignStateView {
  return { status: record.status, approval: record.approval?.state ?? null, recurring: record.recurring !== null };
}

export function toCampaignSummary({ record, counts, now }: { record: CampaignRecord; counts: { recipients: number; sent: number }; now: Date }): TCampaignSummary {
  // Only a campaign that can still change is being edited: the lock a sender leaves on a sent one shows nothing.
  const lock = isEditable(stateViewOf(record)) ? liveEditLock(record.lock, now) : null;
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    status: record.status,
    approval: record.approval?.state ?? null,
    tags: record.tags,
    subject: record.subject,
    createTime: record.createTime,
    lastModifiedTime: record.lastModifiedTime,
    createdBy: record.createdBy,
    scheduleTime: record.scheduleTime,
    recurring: record.recurring,
    parentId: record.parentId,
    startTime: record.run?.startTime ?? null,
    finishTime: record.run?.finishTime ?? null,
    recipients: counts.recipients,
    sent: counts.sent,
    draftReason: record.draftReason,
    lock: lock ? toApiEditLock(lock) : null,
  };
}

/** One campaign as lists show it, with its counts. */
export async function summaryOf({ tuid, record, now }: { tuid: string; record: CampaignRecord; now: Date }): Promise<TCampaignSummary> {
  const counters = (await getCountersOf(tuid, [record.id])).get(record.id);
  return toCampaignSummary({ record, counts: { recipients: counters?.recipients ?? 0, sent: counters?.sent ?? 0 }, now });
}

export function newCampaignRecord(options: { id: string; name: string; type: CampaignRecord['type']; user: CampaignUser; now: Date }): CampaignRecord {
  const time = options.now.toISOString();
  return {
    id: options.id,
    channel: channelOfType(options.type),
    type: options.type,
    name: options.name,
    nameKey: campaignNameKey(options.name),
    status: 'draft',
    approval: null,
    tags: [],
    subject: '',
    commandKey: null,
    createTime: time,
    lastModifiedTime: time,
    createdBy: options.user,
    lastModifiedBy: options.user,
    scheduleTime: null,
    recurring: null,
    parentId: null,
    run: null,
    draftReason: null,
    lock: null,
  };
}

/** POST create-campaign/save {campaignName}: a new draft (spec §7); the name is trimmed and unique. */
export async function createCampaign(options: Caller & { name: string; type: CampaignRecord['type']; now: Date }): Promise<{ id: string }> {
  const record = newCampaignRecord({ id: timeOrderedId(options.now), name: options.name.trim(), type: options.type, user: await campaignUser(options.loginTuid), now: options.now });
  try {
    await insertCampaignRecord(options.tuid, record);
  } catch (error) {
    if (error instanceof CampaignNameTaken) throw nameUsed();
    throw error;
  }
  return { id: record.id };
}

/** GET create-campaign/save (sms/create-campaign/save): the saved command and the campaign around it. */
export async function loadCampaign(options: { tuid: string; campaignId: string; family: 'email'; now: Date }): Promise<TCampaignLoadResponse>;
export async function loadCampaign(options: { tuid: string; campaignId: string; family: 'sms'; now: Date }): Promise<TSmsCampaignLoadResponse>;
export async function loadCampaign(options: { tuid: string; campaignId: string; family: CampaignFamily; now: Date }): Promise<TCampaignLoadResponse | TSmsCampaignLoadResponse> {
  const record = await requireCampaign({ tuid: options.tuid, campaignId: options.campaignId, family: options.family });
  const command = await readCampaignCommand(record.commandKey);
  return { id: record.id, type: record.type, campaignName: record.name, command: { ...command, name: record.name }, campaign: await summaryOf({ tuid: options.tuid, record, now: options.now }) } as TCampaignLoadResponse | TSmsCampaignLoadResponse;
}

/** Pasted addresses that are not valid emails: kept as typed, never sent to. */
function invalidEmailsOf(command: TEmailCampaignCommand): string[] {
  return (command.pastedEmails ?? []).filter((address) => !isValidEmail(address.trim()));
}

/** Pasted numbers that are no valid mobile numbers (a national one is read as Hong Kong's): kept as typed, never sent to. */
function invalidNumbersOf(command: TSmsCampaignCommand): string[] {
  return (command.pastedNumbers ?? []).filter((number) => normalizeMobile(number, DEFAULT_MOBILE_COUNTRY) === null);
}

/** An MMS part the transport would refuse is refused when saved, with what is wrong. */
function checkMmsMedia(command: TSmsCampaignCommand): void {
  const [problem] = mmsMediaProblems(command.content?.components ?? []);
  if (!problem) return;
  throw new AppError(
    ERROR_CODES.INVALID_INPUT,
    problem.problem === 'type'
      ? `'${problem.filename}' (${problem.mimeType}) cannot be sent in an MMS.`
      : `'${problem.filename}' is ${(problem.size / 1024).toFixed(0)} KB; an MMS takes files of this type up to ${(problem.maxBytes / 1024).toFixed(0)} KB.`,
  );
}

/** What a list shows as a campaign's subject: the email's subject, an MMS's subject, else the start of the text. */
function listSubjectOf(command: TEmailCampaignCommand | TSmsCampaignCommand): string {
  if (command.subject?.trim()) return command.subject;
  return 'message' in command ? (command.message ?? '').slice(0, 160) : '';
}

/**
 * POST create-campaign/save {id, command}: replaces the keys the step sent (spec §3: a step saves
 * its own part), under the caller's edit lock, which the save renews. A name in the command
 * renames the campaign (unique, trimmed). Only a campaign that can still change is saved: a draft,
 * a cancelled or a scheduled one, never one waiting for approval.
 */
export async function saveCampaign(options: Caller & { family: 'email'; input: TSaveCampaignRequest; now: Date }): Promise<TSaveCampaignResponse>;
export async function saveCampaign(options: Caller & { family: 'sms'; input: TSaveSmsCampaignRequest; now: Date }): Promise<TSaveSmsCampaignResponse>;
export async function saveCampaign(
  options: Caller & ({ family: 'email'; input: TSaveCampaignRequest } | { family: 'sms'; input: TSaveSmsCampaignRequest }) & { now: Date },
): Promise<TSaveCampaignResponse | TSaveSmsCampaignResponse> {
  const { tuid, loginTuid, input, family, now } = options;
  const { name, ...parts } = input.command;
  if (family === 'email' && 'content' in parts && parts.content && 'html' in parts.content) checkTemplateContentSize(parts.content);
  if (family === 'sms') checkMmsMedia(parts as TSmsCampaignCommand);
  const user = await campaignUser(loginTuid);
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    const record = await requireCampaign({ tuid, campaignId: input.id, family });
    requireOwnEditLock(record.lock, loginTuid, now, 'campaign');
    if (!isEditable(stateViewOf(record))) throw new AppError(ERROR_CODES.CAMPAIGN_STATE, `A ${record.status} campaign can no longer be edited.`);
    if (name !== undefined && campaignNameKey(name) !== record.nameKey) await renameUnderLock(tuid, record, name, user, now);

    // The stored command was checked against this family's schema when saved, like `parts` now.
    const command = { ...(await readCampaignCommand(record.commandKey)), ...parts } as TCampaignCommand;
    const commandKey = await writeCampaignCommand(tuid, record.id, command, now);
    const renewUntil = new Date(now.getTime() + EDIT_LOCK.leaseMs);
    const saved = await changeCampaignRecord(
      tuid,
      record.id,
      { commandKey: record.commandKey, statuses: ['draft', 'cancelled', 'scheduled'], approvalState: null, lock: { kind: 'own', loginTuid, now, renewUntil } },
      // The channel is the campaign's for good: an SMS-family save keeps SMS or MMS as created.
      { commandKey, subject: listSubjectOf(command), type: family === 'email' ? input.type : record.type, lastModifiedTime: now.toISOString(), lastModifiedBy: user },
    );
    if (!saved) {
      // Another save switched versions first (or the lock lapsed): drop ours and judge again.
      await deleteCampaignCommand(commandKey);
      continue;
    }
    if (record.commandKey && record.commandKey !== record.run?.commandKey) await deleteCampaignCommand(record.commandKey);
    return family === 'email'
      ? { success: true, lastModifiedTime: saved.lastModifiedTime, invalidEmails: invalidEmailsOf(command as TEmailCampaignCommand) }
      : { success: true, lastModifiedTime: saved.lastModifiedTime, invalidNumbers: invalidNumbersOf(command as TSmsCampaignCommand) };
  }
  throw new AppError(ERROR_CODES.EDIT_LOCK_REQUIRED, 'Open the campaign for editing (take its edit lock) before saving.');
}

async function renameUnderLock(tuid: string, record: CampaignRecord, name: string, user: CampaignUser, now: Date): Promise<void> {
  try {
    const renamed = await renameCampaignRecord(tuid, record, {
      name: name.trim(),
      nameKey: campaignNameKey(name),
      lastModifiedTime: now.toISOString(),
      lastModifiedBy: user,
      lock: { kind: 'notOthers', loginTuid: user.loginTuid, now },
    });
    if (!renamed) {
      const current = await getCampaignRecord(tuid, record.id);
      if (!current) throw campaignNotFound();
      refuseIfLockedByOther(current.lock, user.loginTuid, now, 'campaign');
      throw campaignNotFound();
    }
  } catch (error) {
    if (error instanceof CampaignNameTaken) throw nameUsed();
    throw error;
  }
}

/** POST create-campaign/check-title (spec §5): whether another campaign of the account has this name. */
export async function checkCampaignTitle(options: { tuid: string; id?: string; title: string }): Promise<{ duplicated: boolean }> {
  const title = options.title.trim();
  if (title === '') return { duplicated: false };
  const owner = await findCampaignIdByNameKey(options.tuid, campaignNameKey(title));
  return { duplicated: owner !== null && owner !== options.id };
}

/** GET create-campaign/save/lock: takes or renews the edit lock, or Access Denied naming the editor (spec §4). */
export async function lockCampaign(options: Caller & { campaignId: string; family: CampaignFamily; now: Date }) {
  const { tuid, loginTuid, campaignId, family, now } = options;
  const user = await campaignUser(loginTuid);
  const holder: EditLockHolder = { loginTuid, name: user.name, expiresAt: now.getTime() + EDIT_LOCK.leaseMs };
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt += 1) {
    const record = await requireCampaign({ tuid, campaignId, family });
    if (await claimCampaignEditLock(tuid, campaignId, holder, now)) return { lock: toApiEditLock(holder), heartbeatMs: EDIT_LOCK.heartbeatMs };
    const live = liveEditLock((await requireCampaign({ tuid, campaignId: record.id, family })).lock, now);
    if (live && live.loginTuid !== loginTuid) throw beingModifiedError(live, 'campaign');
  }
  throw new Error(`campaign ${campaignId} lock kept losing races`);
}

export async function unlockCampaign(options: Caller & { campaignId: string; family: CampaignFamily }): Promise<void> {
  await requireCampaign({ tuid: options.tuid, campaignId: options.campaignId, family: options.family });
  await releaseCampaignEditLock(options.tuid, options.campaignId, options.loginTuid);
}

/** POST create-campaign/select-contact/get-detail-by-ids (spec §7): the selection's groups and campaigns by name. */
export async function getSelectionDetails(options: { tuid: string; campaignId: string; family: CampaignFamily }) {
  const record = await requireCampaign({ tuid: options.tuid, campaignId: options.campaignId, family: options.family });
  const { selection } = await readCampaignCommand(record.commandKey);
  const groupNames = new Map<string, string>([...SYSTEM_GROUPS.map((group) => [group.id, group.name] as const)]);
  for (const group of await listGroups(options.tuid)) groupNames.set(group.id, group.name);
  const campaigns = new Map((await listCampaignRecords(options.tuid, ['email', 'sms', 'mms'])).map((campaign) => [campaign.id, campaign]));
  const groupDetails = (ids: readonly string[]) => ids.map((id) => ({ id, name: groupNames.get(id) ?? '', exists: groupNames.has(id) }));
  const campaignDetails = (refs: ReadonlyArray<{ id: string; title?: string; type?: string }>) =>
    refs.map((ref) => {
      const campaign = campaigns.get(ref.id);
      return { id: ref.id, title: campaign?.name ?? ref.title ?? '', type: campaign?.type ?? ref.type ?? '', exists: campaign !== undefined };
    });
  return {
    groupIncludeResult: groupDetails(selection?.includedGroup ?? []),
    groupExcludeResult: groupDetails(selection?.excludedGroup ?? []),
    campaignIncludeResult: campaignDetails(selection?.includedCampaign ?? []),
    campaignExcludeResult: campaignDetails(selection?.excludedCampaign ?? []),
  };
}

/** GET email/campaigns (sms/campaigns): newest first, by tab, name or subject search and tag, with every tab's count. */
export async function listCampaigns(options: { tuid: string; family: CampaignFamily; query: TCampaignListQuery; now: Date }): Promise<TCampaignListResponse> {
  const { tuid, query, now } = options;
  const all = await listCampaignRecords(tuid, FAMILY_CHANNELS[options.family]);
  const search = query.search ? campaignNameKey(query.search) : '';
  const tagKey = query.tag?.toLocaleLowerCase('en');
  const matching = all.filter(
    (record) =>
      (search === '' || record.nameKey.includes(search) || record.subject.toLocaleLowerCase('en').includes(search)) &&
      (!tagKey || record.tags.some((tag) => tag.toLocaleLowerCase('en') === tagKey)),
  );
  const tabCounts = Object.fromEntries(CAMPAIGN_TAB_NAMES.map((tab) => [tab, matching.filter((record) => isInTab(stateViewOf(record), tab)).length])) as Record<CampaignTab, number>;
  const inTab = matching.filter((record) => isInTab(stateViewOf(record), query.tab));
  const page = inTab.slice((query.page - 1) * query.limit, query.page * query.limit);
  const counters = await getCountersOf(tuid, page.map((record) => record.id));
  const tags = normalizeTags(all.flatMap((record) => record.tags)).sort((a, b) => a.localeCompare(b));
  return {
    data: page.map((record) => toCampaignSummary({ record, counts: counters.get(record.id) ?? { recipients: 0, sent: 0 }, now })),
    total: inTab.length,
    tabCounts,
    tags,
  };
}

/** PUT email/campaigns/{id}/name: any status; refused while another user edits it. */
export async function renameCampaign(options: Caller & { campaignId: string; family: CampaignFamily; name: string; now: Date }): Promise<TCampaignSummary> {
  const { tuid, loginTuid, campaignId, family, name, now } = options;
  const record = await requireCampaign({ tuid, campaignId, family });
  refuseIfLockedByOther(record.lock, loginTuid, now, 'campaign');
  await renameUnderLock(tuid, record, name, await campaignUser(loginTuid), now);
  return summaryOf({ tuid, record: await requireCampaign({ tuid, campaignId, family }), now });
}

/** PUT email/campaigns/{id}/tags: the whole tag list, trimmed and without repeats. */
export async function tagCampaign(options: Caller & { campaignId: string; family: CampaignFamily; tags: readonly string[]; now: Date }): Promise<TCampaignSummary> {
  const { tuid, loginTuid, campaignId, family, now } = options;
  await requireCampaign({ tuid, campaignId, family });
  const saved = await changeCampaignRecord(
    tuid,
    campaignId,
    { lock: { kind: 'notOthers', loginTuid, now } },
    { tags: normalizeTags(options.tags), lastModifiedTime: now.toISOString(), lastModifiedBy: await campaignUser(loginTuid) },
  );
  if (!saved) {
    refuseIfLockedByOther((await requireCampaign({ tuid, campaignId, family })).lock, loginTuid, now, 'campaign');
    throw campaignNotFound();
  }
  return summaryOf({ tuid, record: saved, now });
}

/**
 * A new draft with the original's command (recipients, message, information) and tags, named
 * "Name (copy)" or the first free "Name (copy N)". Also what a recurring schedule's occurrences are
 * made from, with their own name and id.
 */
export async function copyCampaign(options: {
  tuid: string;
  source: CampaignRecord;
  id: string;
  name: string;
  user: CampaignUser;
  now: Date;
  parentId?: string;
}): Promise<CampaignRecord> {
  const { tuid, source, now } = options;
  const command = await readCampaignCommand(source.run?.commandKey ?? source.commandKey);
  const commandKey = await writeCampaignCommand(tuid, options.id, command, now);
  const record: CampaignRecord = {
    ...newCampaignRecord({ id: options.id, name: options.name, type: source.type, user: options.user, now }),
    tags: source.tags,
    subject: source.subject,
    commandKey,
    parentId: options.parentId ?? null,
  };
  try {
    await insertCampaignRecord(tuid, record);
  } catch (error) {
    await deleteCampaignCommand(commandKey);
    throw error;
  }
  return record;
}

/** POST email/campaigns/{id}/replicate. */
export async function replicateCampaign(options: Caller & { campaignId: string; family: CampaignFamily; now: Date }): Promise<TCampaignSummary> {
  const { tuid, loginTuid, campaignId, now } = options;
  const source = await requireCampaign({ tuid, campaignId, family: options.family });
  const user = await campaignUser(loginTuid);
  const taken = await findCampaignNameKeys(tuid, campaignNameKey(replicaName(source.name, 1)).replace(/\)$/, ''));
  for (let attempt = 1; attempt <= REPLICA_NAME_ATTEMPTS; attempt += 1) {
    const name = replicaName(source.name, attempt);
    if (taken.has(campaignNameKey(name))) continue;
    try {
      return await summaryOf({ tuid, record: await copyCampaign({ tuid, source, id: timeOrderedId(now), name, user, now }), now });
    } catch (error) {
      if (!(error instanceof CampaignNameTaken)) throw error;
    }
  }
  throw nameUsed();
}

/** Statuses a campaign may be deleted in: never while it sends or is paused mid-send. */
const DELETABLE = ['draft', 'scheduled', 'cancelled', 'finished', 'stopped'] as const;

/** DELETE email/campaigns {ids}: all or none of those that exist; refused while sending or while another user edits one. */
export async function deleteCampaigns(options: Caller & { campaignIds: readonly string[]; family: CampaignFamily; now: Date }): Promise<{ deleted: number }> {
  const { tuid, loginTuid, now } = options;
  // What is already gone is skipped, as the other list deletions do: deleting twice answers as deleting once.
  const found = await Promise.all([...new Set(options.campaignIds)].map((id) => getCampaignRecord(tuid, id)));
  const records = found.filter((record): record is CampaignRecord => record !== null && FAMILY_CHANNELS[options.family].includes(record.channel));
  if (records.length === 0) return { deleted: 0 };
  for (const record of records) {
    refuseIfLockedByOther(record.lock, loginTuid, now, 'campaign');
    if (!(DELETABLE as readonly string[]).includes(record.status)) {
      throw new AppError(ERROR_CODES.CAMPAIGN_STATE, `'${record.name}' is ${record.status}: stop it before deleting it.`);
    }
  }
  const deleted = await deleteCampaignRecords(tuid, records, { statuses: DELETABLE, lock: { kind: 'notOthers', loginTuid, now } });
  if (!deleted) throw new AppError(ERROR_CODES.CAMPAIGN_STATE, 'A campaign changed while it was being deleted. Refresh and try again.');
  // Commands of a sent run stay: the online version of sent mail keeps working.
  await Promise.all(records.filter((record) => record.commandKey !== record.run?.commandKey).map((record) => deleteCampaignCommand(record.commandKey)));
  return { deleted: records.length };
}
