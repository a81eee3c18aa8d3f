/**
 * The edit lock of an open template (spec §4 "Edit locking"): taken on open, renewed every
 * heartbeat the server asks for, released on leave and, best effort, when the page is hidden or
 * closed. A refusal opens the error dialog (Access Denied naming the editor) and the editor stays
 * read-only; a lock lost to someone else after a lapse (a sleeping laptop) does the same.
 */
import { useEffect, useState } from 'react';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { toApiError } from '../../api/errors.js';
import { lockSharedTemplate, unlockSharedTemplate, unlockSharedTemplateOnExit } from '../../api/template-shares.js';
import { lockTemplate, unlockTemplate, unlockTemplateOnExit } from '../../api/templates.js';
import { showError } from '../../components/error-dialog.js';

/** A renewal that failed on the way is retried this soon; the lease (60 s) outlasts a few tries. */
const RETRY_MS = 5_000;

export type EditLockState =
  | { status: 'idle' }
  | { status: 'taking' }
  | { status: 'held' }
  /** Someone else edits it (`lockedBy` names them), or the lock could not be taken at all. */
  | { status: 'refused'; lockedBy: string | null };

/**
 * `templateId` null: nothing to lock (a new template, or a user who may only read). With `shareId`
 * the template is another account's, shared to edit: its lock is taken through the share.
 */
export function useEditLock(templateId: string | null, shareId: string | null = null): EditLockState {
  const [state, setState] = useState<EditLockState>({ status: templateId ? 'taking' : 'idle' });

  useEffect(() => {
    if (!templateId) {
      setState({ status: 'idle' });
      return;
    }
    let active = true;
    let held = false;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    const calls = shareId
      ? { lock: () => lockSharedTemplate(shareId), unlock: () => unlockSharedTemplate(shareId), unlockOnExit: () => unlockSharedTemplateOnExit(shareId) }
      : { lock: () => lockTemplate(templateId), unlock: () => unlockTemplate(templateId), unlockOnExit: () => unlockTemplateOnExit(templateId) };

    const take = async (isRenewal: boolean) => {
      try {
        const { heartbeatMs } = await calls.lock();
        // Taken or renewed just after the editor closed: give it back.
        if (!active) {
          void calls.unlock().catch(() => undefined);
          return;
        }
        held = true;
        setState({ status: 'held' });
        renewal = setTimeout(() => void take(true), heartbeatMs);
      } catch (failure) {
        if (!active) return;
        const error = toApiError(failure);
        // Offline a moment, or a server hiccup: try again rather than give up the editor.
        const isFinal = [ERROR_CODES.BEING_MODIFIED, ERROR_CODES.TEMPLATE_NOT_FOUND, ERROR_CODES.RECORD_NOT_FOUND, ERROR_CODES.NO_PERMISSION].some((code) => code === error.code);
        if (isRenewal && !isFinal) {
          renewal = setTimeout(() => void take(true), RETRY_MS);
          return;
        }
        held = false;
        setState({ status: 'refused', lockedBy: error.lockedBy ?? null });
        showError(error, { entity: 'template' });
      }
    };

    setState({ status: 'taking' });
    void take(false);
    const onPageHide = () => {
      if (held) calls.unlockOnExit();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      active = false;
      clearTimeout(renewal);
      window.removeEventListener('pagehide', onPageHide);
      if (held) void calls.unlock().catch(() => undefined);
    };
  }, [templateId, shareId]);

  return state;
}
