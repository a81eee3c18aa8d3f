/**
 * The campaign the wizard edits (spec §7 "Campaign saving"): loaded once, edited under its edit
 * lock, saved part by part (only the keys changed since the last save) every AUTOSAVE_MS and on
 * every step change, and mirrored in local storage between saves (draft-storage.ts). What local
 * storage holds that is newer than the server's copy wins on load: it is what the user last typed.
 */
import { useEffect, useRef, useState } from 'react';
import { AUTOSAVE_MS } from '../../../../../shared/constants.js';
import { isEditable } from '../../../../../shared/domain/campaigns.js';
import type { EmailWizardStep, TCampaignLoadResponse } from '../../../../../shared/schemas/campaigns.js';
import { loadCampaign, lockCampaign, saveCampaign, unlockCampaign, unlockCampaignOnExit, type EmailCampaignType, type TEmailCampaignCommand } from '../../../api/campaigns.js';
import { useLockLease, type EditLockState } from '../../../components/use-lock-lease.js';
import { deepMerge, mergeStoredItem, readStoredItem, removeStoredItem } from './draft-storage.js';

/**
 * The shell mounts full-screen steps (the editors) apart from the others, so the wizard mounts anew
 * between them: its lock is handed over to the new mount rather than released (use-lock-lease.ts).
 */
const LOCK_HANDOVER_MS = 5_000;

/** How often a save waiting for the edit lock looks again. */
const LOCK_WAIT_STEP_MS = 100;

/** The local storage key of the unsaved command. */
const COMMAND_KEY = 'command';

/** A campaign's message: HTML from the code editor, or the drag-and-drop editor's design and HTML. */
export type EmailContent = NonNullable<TEmailCampaignCommand['content']>;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

export type CampaignDraft = {
  id: string;
  type: EmailCampaignType;
  campaign: TCampaignLoadResponse['campaign'];
  /** The saved command with the unsaved changes over it. */
  command: TEmailCampaignCommand;
  lock: EditLockState;
  /** No write permission, not editable in its state, or someone else holds the lock. */
  readOnly: boolean;
  saveState: SaveState;
  /** Pasted addresses the last save found invalid (kept, never sent to). */
  invalidEmails: readonly string[];
  update(part: TEmailCampaignCommand): void;
  /** Saves what changed; failures are thrown for the caller to show. */
  save(source: EmailWizardStep, mode: 'auto' | 'manual'): Promise<void>;
};

export type LoadedCampaign = { response: TCampaignLoadResponse; command: TEmailCampaignCommand; unsaved: TEmailCampaignCommand };

/** The server's command, with local storage's newer unsaved changes over it. */
function withLocalChanges(response: TCampaignLoadResponse): LoadedCampaign {
  const local = readStoredItem<TEmailCampaignCommand>(response.id, COMMAND_KEY);
  if (local && Date.parse(local.time) > Date.parse(response.campaign.lastModifiedTime) && isEditable(response.campaign)) {
    return { response, command: deepMerge(response.command, local.value), unsaved: local.value };
  }
  // Older than the server's copy (saved since, perhaps from another browser): no longer wanted.
  if (local) removeStoredItem(response.id, COMMAND_KEY);
  return { response, command: response.command, unsaved: {} };
}

export function useLoadedCampaign(id: string | null) {
  const [state, setState] = useState<{ id: string; loaded?: LoadedCampaign; error?: unknown } | null>(null);
  useEffect(() => {
    if (!id) return;
    let active = true;
    setState({ id });
    loadCampaign(id).then(
      (response) => active && setState({ id, loaded: withLocalChanges(response) }),
      (error: unknown) => active && setState({ id, error }),
    );
    return () => {
      active = false;
    };
  }, [id]);
  return state?.id === id ? state : null;
}

export function useCampaignDraft(loaded: LoadedCampaign, canWrite: boolean, step: EmailWizardStep): CampaignDraft {
  const { response } = loaded;
  const id = response.id;
  const type: EmailCampaignType = response.type === 'base_email' ? 'base_email' : 'Email';
  const mayEdit = canWrite && isEditable(response.campaign);
  const lock = useLockLease(
    mayEdit ? id : null,
    'campaign',
    () => ({ lock: () => lockCampaign(id), unlock: () => unlockCampaign(id), unlockOnExit: () => unlockCampaignOnExit(id) }),
    LOCK_HANDOVER_MS,
  );
  const readOnly = !mayEdit || lock.status !== 'held';

  const [command, setCommand] = useState(loaded.command);
  const unsaved = useRef<TEmailCampaignCommand>(loaded.unsaved);
  const [saveState, setSaveState] = useState<SaveState>(Object.keys(loaded.unsaved).length > 0 ? 'unsaved' : 'saved');
  const [invalidEmails, setInvalidEmails] = useState<readonly string[]>([]);

  // A save asked for while the lock is still being taken (just after opening) waits for it.
  const lockRef = useRef(lock);
  lockRef.current = lock;
  const save = async (source: EmailWizardStep, mode: 'auto' | 'manual') => {
    while (mayEdit && lockRef.current.status === 'taking') await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_STEP_MS));
    const part = unsaved.current;
    // Without the lock nothing can be saved; what is unsaved stays in local storage.
    if (Object.keys(part).length === 0 || !mayEdit || lockRef.current.status !== 'held') return;
    unsaved.current = {};
    setSaveState('saving');
    try {
      const answer = await saveCampaign({ id, type, command: part, source, mode });
      setInvalidEmails(answer.invalidEmails);
      // Changes typed while saving wait for the next save, in local storage still.
      if (Object.keys(unsaved.current).length === 0) {
        removeStoredItem(id, COMMAND_KEY);
        setSaveState('saved');
      } else setSaveState('unsaved');
    } catch (failure) {
      unsaved.current = { ...part, ...unsaved.current };
      setSaveState('failed');
      throw failure;
    }
  };

  // The timer reads the latest save and step through a ref: restarting it on every keystroke would never let it fire.
  const latest = useRef({ save, step });
  latest.current = { save, step };
  useEffect(() => {
    const timer = setInterval(() => void latest.current.save(latest.current.step, 'auto').catch(() => undefined), AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, []);

  return {
    id,
    type,
    campaign: response.campaign,
    command,
    lock,
    readOnly,
    saveState,
    invalidEmails,
    update(part) {
      if (readOnly) return;
      setCommand((current) => ({ ...current, ...part }));
      unsaved.current = { ...unsaved.current, ...part };
      mergeStoredItem(id, COMMAND_KEY, part);
      setSaveState('unsaved');
    },
    save,
  };
}
