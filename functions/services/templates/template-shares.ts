/**
 * Template sharing and send-a-copy (spec §4 "Template and group sharing", §5, §6, §8 TPL-SHR-01,
 * VAL-USR-02). The owner offers a template to another standard account by its login email, with
 * view or edit rights, or sends an independent copy (a snapshot of the content when sent). The
 * receiver accepts or rejects; only an accepted share shows in their "Shared with me", and an
 * accepted copy becomes a template of their own. Each step tells the other side (templateShare).
 *
 * A receiver reads the owner's template with its email HTML sanitised, and what a receiver with
 * edit rights saves, and every copy across accounts, is sanitised too (crossAccountContent).
 */
import { SEVERITY } from '../../../shared/domain/notifications.js';
import { copyName, liveEditLock, templateNameKey } from '../../../shared/domain/templates.js';
import {
  alreadySharedError,
  answerMessageOf,
  canAnswerShare,
  canChangeShareRights,
  canEditSharedTemplate,
  canReadSharedTemplate,
  offerMessageOf,
  shareReceiverRefusal,
  type ShareRights,
} from '../../../shared/domain/template-sharing.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type {
  TAcceptShareResponse,
  TReceivedShare,
  TSharedTemplateResponse,
  TTemplateShare,
} from '../../../shared/schemas/template-sharing.js';
import type { TSaveTemplateRequest, TTemplate, TTemplateContent, TTemplateLockResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { findTuidByLogin, getAccount } from '../../data/accounts.js';
import {
  deleteShare,
  getReceivedShare,
  getTemplateShare,
  insertShare,
  listReceivedShares,
  listTemplateShares,
  markShareAccepted,
  ShareExists,
  SharedTemplateGone,
  updateShareRights,
  type ShareRecord,
} from '../../data/template-shares.js';
import {
  findTemplateNameKeys,
  getTemplateRecord,
  readTemplateContent,
  templateContentVersion,
  writeTemplateContent,
  type TemplateRecord,
} from '../../data/templates.js';
import { sanitizeTemplateHtml } from '../../lib/html-sanitizer.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { discardCopySnapshot, noticeOfShare, shareUserOf } from './template-share-notices.js';
import { createTemplate, deleteTemplates, getTemplate, lockTemplate, saveTemplate, unlockTemplate } from './templates.js';

/** Who acts: the account (tenant) and the signed-in user, both from the verified token. */
type Caller = { tuid: string; loginTuid: string };

function templateNotFound(): AppError {
  return new AppError(ERROR_CODES.TEMPLATE_NOT_FOUND, 'This template does not exist.');
}

/** A share withdrawn, answered or never there; another account's share answers the same. */
function shareNotFound(): AppError {
  return new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This share does not exist any more.');
}

function toOwnerView(share: ShareRecord): TTemplateShare {
  return {
    id: share.id,
    templateId: share.templateId,
    receiver: { name: share.receiverName, email: share.receiverEmail },
    rights: share.rights,
    mode: share.mode,
    status: share.status,
    sharedBy: share.sharedBy,
    createTime: share.createTime,
    updateTime: share.updateTime,
  };
}

/** The receiver's view; an accepted share shows the template as it is now (name, last change, editor). */
function toReceiverView(share: ShareRecord, template: TemplateRecord | null, now: Date): TReceivedShare {
  const lock = template ? liveEditLock(template.lock, now) : null;
  return {
    id: share.id,
    templateId: share.templateId,
    ownerTuid: share.ownerTuid,
    owner: { name: share.ownerName, email: share.ownerEmail },
    sharedBy: share.sharedBy,
    templateName: template?.name ?? share.templateName,
    kind: template?.kind ?? share.kind,
    editor: template?.editor ?? null,
    rights: share.rights,
    mode: share.mode,
    status: share.status,
    createTime: share.createTime,
    updateTime: template?.updateTime ?? null,
    version: template ? templateContentVersion(template.contentKey) : null,
    lock: lock ? { loginTuid: lock.loginTuid, name: lock.name, expiresAt: new Date(lock.expiresAt).toISOString() } : null,
  };
}

/**
 * Content as it may cross accounts: email HTML sanitised, and never the drag-and-drop design, whose
 * components could carry what the sanitiser removes from the HTML (event handlers the design
 * editor's canvas would run). The drag-and-drop editor rebuilds a design from the HTML.
 */
function crossAccountContent(content: TTemplateContent): TTemplateContent {
  if (content.kind !== 'email') return content;
  return { ...content, html: sanitizeTemplateHtml(content.html), project: null };
}

async function requireOwnTemplate(tuid: string, templateId: string): Promise<TemplateRecord> {
  const record = await getTemplateRecord(tuid, templateId);
  if (!record) throw templateNotFound();
  return record;
}

async function requireShareOf(tuid: string, templateId: string, shareId: string): Promise<ShareRecord> {
  await requireOwnTemplate(tuid, templateId);
  const share = (await listTemplateShares(tuid, templateId)).find((candidate) => candidate.id === shareId);
  if (!share) throw shareNotFound();
  return share;
}

async function requireReceivedShare(tuid: string, shareId: string): Promise<ShareRecord> {
  const share = await getReceivedShare(tuid, shareId);
  if (!share) throw shareNotFound();
  return share;
}

/** An accepted share of a template that still exists; otherwise as if it never was. */
async function requireReadableShare(tuid: string, shareId: string): Promise<ShareRecord> {
  const share = await requireReceivedShare(tuid, shareId);
  if (!canReadSharedTemplate(share)) throw shareNotFound();
  return share;
}

/** Whether the owner's template is shared with this account and the share accepted (thumbnails). */
export async function isTemplateSharedWith(options: { receiverTuid: string; ownerTuid: string; templateId: string }): Promise<boolean> {
  const share = await getTemplateShare(options.ownerTuid, options.templateId, options.receiverTuid);
  return share !== null && canReadSharedTemplate(share);
}

async function requireEditableShare(tuid: string, shareId: string): Promise<ShareRecord> {
  const share = await requireReadableShare(tuid, shareId);
  if (!canEditSharedTemplate(share)) throw new AppError(ERROR_CODES.NO_PERMISSION, 'This template is shared with you to view only.');
  return share;
}

/** The account's active profile behind a login email, or null. */
async function receiverByEmail(email: string) {
  const receiverTuid = await findTuidByLogin(email);
  const account = receiverTuid ? await getAccount(receiverTuid) : null;
  return account && account.status !== 'terminated' ? account : null;
}

/** Copies attempted with generated names before giving up (each loses only to a name taken meanwhile). */
const COPY_NAME_TRIES = 5;
const COPY_NAME_MAX_NUMBER = 10_000;

/**
 * Creates a template from another account's content in `tuid`: under its own name when free,
 * otherwise the first free "Copy of X (n)" (shared/domain/templates.ts copyName).
 */
async function createCopyIn(options: Caller & { name: string; content: TTemplateContent; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, name, content, now } = options;
  const candidates = async function* (): AsyncGenerator<string> {
    yield name;
    const taken = await findTemplateNameKeys(tuid, templateNameKey(copyName('', 1)));
    for (let number = 1; number <= COPY_NAME_MAX_NUMBER; number += 1) {
      const candidate = copyName(name, number);
      if (!taken.has(templateNameKey(candidate))) yield candidate;
    }
  };
  let tries = 0;
  for await (const candidate of candidates()) {
    try {
      return await createTemplate({ tuid, loginTuid, input: { name: candidate, content }, now });
    } catch (error) {
      tries += 1;
      if (!(error instanceof AppError) || error.code !== ERROR_CODES.TEMPLATE_NAME_USED || tries > COPY_NAME_TRIES) throw error;
    }
  }
  throw new AppError(ERROR_CODES.TEMPLATE_NAME_USED, 'This template name is already used.');
}

/**
 * Shares a template, or sends a copy of it, to the account with login `email` (spec §4). Unknown
 * users answer VAL-USR-02; free accounts and oneself VALIDATE_TEMPLATE_SHARE_RECEIVER; a pending or
 * accepted share of the template with that account TPL-SHR-01. The receiver is asked to accept.
 */
export async function shareTemplate(
  options: Caller & { templateId: string; input: { email: string; rights: ShareRights; mode: 'share' | 'copy' }; now: Date },
): Promise<TTemplateShare> {
  const { tuid, loginTuid, templateId, input, now } = options;
  const template = await requireOwnTemplate(tuid, templateId);
  const receiver = await receiverByEmail(input.email);
  const refusal = shareReceiverRefusal({ tuid, loginTuid, receiver });
  if (refusal) throw refusal;
  if (!receiver) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'No user has this login email.');
  const [owner, sharedBy] = await Promise.all([getAccount(tuid), shareUserOf(loginTuid)]);
  const id = timeOrderedId(now);
  // A copy is the content as it is now: later changes are not shared.
  const snapshot = input.mode === 'copy' ? await writeTemplateContent(receiver.tuid, id, (await getTemplate({ tuid, templateId, now })).content, now) : null;
  const at = now.toISOString();
  const share: ShareRecord = {
    id,
    ownerTuid: tuid,
    templateId,
    receiverTuid: receiver.tuid,
    ownerName: owner?.fullname ?? '',
    ownerEmail: owner?.login ?? '',
    receiverName: receiver.fullname,
    receiverEmail: receiver.login,
    sharedBy,
    templateName: template.name,
    kind: template.kind,
    rights: input.mode === 'copy' ? 'view' : input.rights,
    mode: input.mode,
    status: 'pending',
    copyContentKey: snapshot?.contentKey ?? null,
    createTime: at,
    updateTime: at,
  };
  try {
    await insertShare(share);
  } catch (error) {
    await discardCopySnapshot(share);
    if (error instanceof ShareExists) throw alreadySharedError();
    if (error instanceof SharedTemplateGone) throw templateNotFound();
    throw error;
  }
  await noticeOfShare({ to: receiver.tuid, messageType: offerMessageOf(share.mode), actor: sharedBy, share, now });
  return toOwnerView(share);
}

/** Who a template is shared with (pending and accepted), oldest first. */
export async function listSharesOfTemplate(options: { tuid: string; templateId: string }): Promise<TTemplateShare[]> {
  await requireOwnTemplate(options.tuid, options.templateId);
  const shares = await listTemplateShares(options.tuid, options.templateId);
  return shares.sort((a, b) => a.id.localeCompare(b.id)).map(toOwnerView);
}

/** Changes a share's access rights (a copy has none); the receiver is told. */
export async function changeShareRights(options: Caller & { templateId: string; shareId: string; rights: ShareRights; now: Date }): Promise<TTemplateShare> {
  const { tuid, loginTuid, templateId, shareId, rights, now } = options;
  const share = await requireShareOf(tuid, templateId, shareId);
  if (!canChangeShareRights(share)) throw new AppError(ERROR_CODES.INVALID_INPUT, 'rights: a copy has no access rights to change.');
  if (share.rights === rights) return toOwnerView(share);
  const at = now.toISOString();
  if (!(await updateShareRights(share, rights, at))) throw shareNotFound();
  const changed = { ...share, rights, updateTime: at };
  const template = await getTemplateRecord(tuid, templateId);
  await noticeOfShare({ to: share.receiverTuid, messageType: 'accessChanged', actor: await shareUserOf(loginTuid), share: changed, templateName: template?.name, now });
  return toOwnerView(changed);
}

/** Ends a share or withdraws a pending one (or a pending copy); the receiver is told. */
export async function removeShare(options: Caller & { templateId: string; shareId: string; now: Date }): Promise<void> {
  const { tuid, loginTuid, templateId, shareId, now } = options;
  const share = await requireShareOf(tuid, templateId, shareId);
  if (!(await deleteShare(share))) throw shareNotFound();
  await discardCopySnapshot(share);
  const template = await getTemplateRecord(tuid, templateId);
  await noticeOfShare({ to: share.receiverTuid, messageType: 'accessRemoved', severity: SEVERITY.warning, actor: await shareUserOf(loginTuid), share, templateName: template?.name, now });
}

/** "Shared with me": offers waiting for an answer, then accepted shares, newest first; shares of deleted templates are left out. */
export async function listSharedWithMe(options: { tuid: string; now: Date }): Promise<TReceivedShare[]> {
  const shares = await listReceivedShares(options.tuid);
  const views = await Promise.all(
    shares.map(async (share) => {
      if (share.status === 'pending') return toReceiverView(share, null, options.now);
      const template = await getTemplateRecord(share.ownerTuid, share.templateId);
      return template ? toReceiverView(share, template, options.now) : null;
    }),
  );
  return views
    .filter((view): view is TReceivedShare => view !== null)
    .sort((a, b) => (a.status === b.status ? b.id.localeCompare(a.id) : a.status === 'pending' ? -1 : 1));
}

/** The owner's template as an accepted share shows it: email HTML sanitised, without the design. */
export async function getSharedTemplate(options: { tuid: string; shareId: string; now: Date }): Promise<TSharedTemplateResponse> {
  const { tuid, shareId, now } = options;
  const share = await requireReadableShare(tuid, shareId);
  const template = await readSharedTemplate(share, now);
  return { share: toReceiverView(share, await getTemplateRecord(share.ownerTuid, share.templateId), now), template: { ...template, content: crossAccountContent(template.content) } };
}

async function readSharedTemplate(share: ShareRecord, now: Date): Promise<TTemplate> {
  try {
    return await getTemplate({ tuid: share.ownerTuid, templateId: share.templateId, now });
  } catch (error) {
    // Deleted while the share's ending is still under way.
    if (error instanceof AppError && error.code === ERROR_CODES.TEMPLATE_NOT_FOUND) throw shareNotFound();
    throw error;
  }
}

/**
 * Accepts a share (it then shows in "Shared with me") or a copy (a template of the receiver's own,
 * named as the original when free, else "Copy of …"); the sharer is told. The copy is created
 * first and the offer then claimed on the condition that it is still pending; losing that race
 * (a second accept, a withdrawal) removes the copy again, so an offer never yields two copies.
 */
export async function acceptShare(options: Caller & { shareId: string; now: Date }): Promise<TAcceptShareResponse> {
  const { tuid, loginTuid, shareId, now } = options;
  const share = await requireReceivedShare(tuid, shareId);
  if (!canAnswerShare(share)) return { share: toReceiverView(share, await getTemplateRecord(share.ownerTuid, share.templateId), now), templateId: null };
  // The account may have become free since the offer (spec §6: free users cannot receive templates).
  const account = await getAccount(tuid);
  const refusal = shareReceiverRefusal({ tuid: share.ownerTuid, loginTuid: share.sharedBy.loginTuid, receiver: account && { tuid, free: account.free } });
  if (refusal) throw refusal;
  const sharer = share.sharedBy;
  if (share.mode === 'share') {
    if (!(await markShareAccepted(share, now.toISOString()))) throw shareNotFound();
    const accepted = { ...share, status: 'accepted' as const };
    await noticeOfShare({ to: sharer.loginTuid, messageType: answerMessageOf('share', true), severity: SEVERITY.success, actor: sharer, share: accepted, now });
    return { share: toReceiverView(accepted, await getTemplateRecord(share.ownerTuid, share.templateId), now), templateId: null };
  }
  const content = share.copyContentKey ? await readTemplateContent(share.copyContentKey) : null;
  if (!content) throw shareNotFound();
  const copy = await createCopyIn({ tuid, loginTuid, name: share.templateName, content: crossAccountContent(content), now });
  if (!(await deleteShare(share, 'pending'))) {
    await deleteTemplates({ tuid, loginTuid, templateIds: [copy.id], requireAll: false, now });
    throw shareNotFound();
  }
  await discardCopySnapshot(share);
  await noticeOfShare({ to: sharer.loginTuid, messageType: answerMessageOf('copy', true), severity: SEVERITY.success, actor: sharer, share, now });
  return { share: null, templateId: copy.id };
}

/** Declines a pending share or copy; the sharer is told. */
export async function rejectShare(options: Caller & { shareId: string; now: Date }): Promise<void> {
  const { tuid, shareId, now } = options;
  const share = await requireReceivedShare(tuid, shareId);
  if (!canAnswerShare(share) || !(await deleteShare(share, 'pending'))) throw shareNotFound();
  await discardCopySnapshot(share);
  await noticeOfShare({ to: share.sharedBy.loginTuid, messageType: answerMessageOf(share.mode, false), actor: share.sharedBy, share, now });
}

/** The receiver leaves an accepted share (a pending one is rejected instead, and the sharer told). */
export async function leaveShare(options: Caller & { shareId: string; now: Date }): Promise<void> {
  const share = await requireReceivedShare(options.tuid, options.shareId);
  if (canAnswerShare(share)) return rejectShare(options);
  if (!(await deleteShare(share))) throw shareNotFound();
}

/** Copies a shared template into the receiver's own account (view rights allow it), sanitised. */
export async function copySharedTemplate(options: Caller & { shareId: string; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, shareId, now } = options;
  const share = await requireReadableShare(tuid, shareId);
  const template = await readSharedTemplate(share, now);
  return createCopyIn({ tuid, loginTuid, name: template.name, content: crossAccountContent(template.content), now });
}

/** The receiver's save with edit rights: the owner's edit lock rules apply, and email HTML is sanitised. */
export async function saveSharedTemplate(options: Caller & { shareId: string; input: TSaveTemplateRequest; now: Date }): Promise<TTemplateSummary> {
  const { tuid, loginTuid, shareId, input, now } = options;
  const share = await requireEditableShare(tuid, shareId);
  // Edit rights cover the content; the name is the owner's (and unique in the owner's account).
  if (!input.content || input.name !== undefined) throw new AppError(ERROR_CODES.INVALID_INPUT, 'content: a shared template takes new content only.');
  return saveTemplate({ tuid: share.ownerTuid, loginTuid, templateId: share.templateId, input: { content: crossAccountContent(input.content) }, now });
}

/** Takes or renews the edit lock of a shared template: one editor at a time across both accounts, named in Access Denied. */
export async function lockSharedTemplate(options: Caller & { shareId: string; now: Date }): Promise<TTemplateLockResponse> {
  const share = await requireEditableShare(options.tuid, options.shareId);
  return lockTemplate({ tuid: share.ownerTuid, loginTuid: options.loginTuid, templateId: share.templateId, now: options.now });
}

export async function unlockSharedTemplate(options: Caller & { shareId: string }): Promise<void> {
  const share = await requireReceivedShare(options.tuid, options.shareId);
  await unlockTemplate({ tuid: share.ownerTuid, loginTuid: options.loginTuid, templateId: share.templateId });
}
