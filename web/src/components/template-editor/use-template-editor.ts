/**
 * What both full-screen editors share: the template of `?id=` (none: a new one), its edit lock,
 * whether the user may change it, and saving (create, then the editor moves to `?id=` and takes the
 * lock; later saves update it under the lock).
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TTemplateContent } from '../../../../shared/schemas/templates.js';
import { saveSharedTemplate, useSharedTemplate } from '../../api/template-shares.js';
import { createTemplate, saveTemplate, useTemplate, type TTemplate } from '../../api/templates.js';
import { useEditLock, type EditLockState } from './use-edit-lock.js';
import { useTemplatePermissions } from '../templates/use-template-permissions.js';

export type TemplateEditor = {
  /** Null while a new template is unsaved. */
  templateId: string | null;
  /**
   * Keys the editor's component: a template created here keeps the 'new' session (what was typed
   * stays on screen), any other id opens afresh.
   */
  sessionKey: string;
  /** The editor has what it needs: a new template, one created here, or the loaded template. */
  isReady: boolean;
  template: TTemplate | undefined;
  loadError: unknown;
  lock: EditLockState;
  /** Not the user's to change: no write permission, or someone else holds the lock. */
  readOnly: boolean;
  /** Another account's template shared with this one: its name stays the owner's. */
  isShared: boolean;
  /**
   * Set when the editor writes a campaign's message rather than a template (spec §2.1
   * create-email-campaign code-editor): the bar shows the campaign's name, read-only; Back returns
   * to the wizard; there is no template to test-send.
   */
  campaign?: { name: string; content: TTemplateContent | null; backTo: string; backLabel: string };
  /** Saves; a new template then opens at `pathOf(id)`. Failures are thrown for the page to show. */
  save(input: { name: string; content: TTemplateContent }, pathOf: (id: string) => string): Promise<void>;
};

export function useTemplateEditor(): TemplateEditor {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const templateId = params.get('id');
  // `&share=`: another account's template shared with this one (spec §4), read and saved through the share.
  const shareId = templateId ? params.get('share') : null;
  const { canWrite } = useTemplatePermissions();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const isCreatedHere = templateId !== null && templateId === createdId;
  const own = useTemplate(shareId ? null : templateId);
  const shared = useSharedTemplate(shareId);
  const template = shareId ? shared.shared?.template : own.template;
  const error = shareId ? shared.error : own.error;
  const mayEdit = canWrite && (!shareId || shared.shared?.share.rights === 'edit');
  // The lock is asked for once the template is known to exist, so a wrong id shows one error, not two.
  const lock = useEditLock(mayEdit && (template || isCreatedHere) ? templateId : null, shareId);
  const readOnly = !mayEdit || (templateId !== null && lock.status !== 'held');

  return {
    templateId,
    sessionKey: isCreatedHere ? 'new' : (templateId ?? 'new'),
    isReady: templateId === null || isCreatedHere || template !== undefined,
    template,
    loadError: error,
    lock,
    readOnly,
    isShared: shareId !== null,
    async save(input, pathOf) {
      if (shareId) {
        // Edit rights cover the content; the name stays the owner's.
        await saveSharedTemplate(shareId, input.content);
      } else if (templateId === null) {
        const created = await createTemplate(input);
        setCreatedId(created.id);
        navigate(pathOf(created.id), { replace: true });
      } else {
        await saveTemplate(templateId, input);
      }
    },
  };
}
