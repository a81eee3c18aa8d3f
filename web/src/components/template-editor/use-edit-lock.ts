/**
 * The edit lock of an open template (spec §4 "Edit locking"): the account's own template's, or the
 * share's for another account's template. The lease itself is components/use-lock-lease.ts.
 */
import { lockSharedTemplate, unlockSharedTemplate, unlockSharedTemplateOnExit } from '../../api/template-shares.js';
import { lockTemplate, unlockTemplate, unlockTemplateOnExit } from '../../api/templates.js';
import { useLockLease, type EditLockState } from '../use-lock-lease.js';

export type { EditLockState };

/**
 * `templateId` null: nothing to lock (a new template, or a user who may only read). With `shareId`
 * the template is another account's, shared to edit: its lock is taken through the share.
 */
export function useEditLock(templateId: string | null, shareId: string | null = null): EditLockState {
  return useLockLease(templateId && `${templateId}|${shareId ?? ''}`, 'template', () =>
    shareId
      ? { lock: () => lockSharedTemplate(shareId), unlock: () => unlockSharedTemplate(shareId), unlockOnExit: () => unlockSharedTemplateOnExit(shareId) }
      : { lock: () => lockTemplate(templateId ?? ''), unlock: () => unlockTemplate(templateId ?? ''), unlockOnExit: () => unlockTemplateOnExit(templateId ?? '') },
  );
}
