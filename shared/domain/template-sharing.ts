/**
 * Rules of template sharing (spec §4 "Template and group sharing", §5, §6, §8 TPL-SHR-01): who may
 * receive a template, what each access right allows, and which answers a share may take. Pure; the
 * services apply them and the web app decides what to show with the same functions.
 */
import { AppError, ERROR_CODES } from '../errors.js';

/** view: preview, use in campaigns, copy into the own account; edit: also change the content. */
export const SHARE_RIGHTS = ['view', 'edit'] as const;
export type ShareRights = (typeof SHARE_RIGHTS)[number];

/** share: the receiver uses the owner's template; copy: the receiver gets an independent copy. */
export const SHARE_MODES = ['share', 'copy'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** A share waits for the receiver's approval (spec §4); a copy is done once accepted and leaves no share behind. */
export const SHARE_STATUSES = ['pending', 'accepted'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** What the rules need to know of a share. */
export type ShareState = { mode: ShareMode; status: ShareStatus; rights: ShareRights };

/** The would-be receiver as the sharer's account sees it; null when no active account has that login. */
export type ShareReceiver = { tuid: string; free: boolean } | null;

/**
 * Why a template cannot go to `receiver`, or null when it can: an unknown user is VAL-USR-02; a
 * free account, the account itself or the signed-in user's own account is refused (spec §5, §6).
 */
export function shareReceiverRefusal(options: { tuid: string; loginTuid: string; receiver: ShareReceiver }): AppError | null {
  const { tuid, loginTuid, receiver } = options;
  if (!receiver) return new AppError(ERROR_CODES.USER_NOT_FOUND, 'No user has this login email.');
  if (receiver.tuid === tuid || receiver.tuid === loginTuid) {
    return new AppError(ERROR_CODES.TEMPLATE_SHARE_RECEIVER, 'A template cannot be shared with or copied to yourself.');
  }
  if (receiver.free) return new AppError(ERROR_CODES.TEMPLATE_SHARE_RECEIVER, 'A template cannot be shared with or copied to a free account.');
  return null;
}

/** TPL-SHR-01: a pending or accepted share or copy of this template to this user already exists. */
export function alreadySharedError(): AppError {
  return new AppError(ERROR_CODES.TEMPLATE_ALREADY_SHARED, 'This template is already shared with this user.');
}

/** Only a pending share can be accepted or rejected. */
export function canAnswerShare(share: Pick<ShareState, 'status'>): boolean {
  return share.status === 'pending';
}

/** The receiver sees, previews and copies the owner's template only once they accepted a share (not a copy). */
export function canReadSharedTemplate(share: Pick<ShareState, 'mode' | 'status'>): boolean {
  return share.mode === 'share' && share.status === 'accepted';
}

/** Editing the owner's content also needs edit rights; the edit lock then applies across accounts. */
export function canEditSharedTemplate(share: ShareState): boolean {
  return canReadSharedTemplate(share) && share.rights === 'edit';
}

/** Rights mean something only for a share; a copy becomes the receiver's own template. */
export function canChangeShareRights(share: Pick<ShareState, 'mode'>): boolean {
  return share.mode === 'share';
}

/** The notification message the receiver gets when a share or copy is offered (spec §3 templateShare). */
export function offerMessageOf(mode: ShareMode): 'shared' | 'copySent' {
  return mode === 'copy' ? 'copySent' : 'shared';
}

/** The message the sharer gets when the receiver answers: a copy accepted reads "received". */
export function answerMessageOf(mode: ShareMode, accepted: boolean): 'approved' | 'rejected' | 'received' {
  if (!accepted) return 'rejected';
  return mode === 'copy' ? 'received' : 'approved';
}
