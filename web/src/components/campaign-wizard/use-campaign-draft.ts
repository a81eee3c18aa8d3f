/**
 * The campaign the wizard edits (spec §7 "Campaign saving"): loaded once, edited under its edit
 * lock, saved part by part (only the keys changed since the last save) every AUTOSAVE_MS and on
 * every step change, and mirrored in local storage between saves (draft-storage.ts). What local
 * storage holds that is newer than the server's copy wins on load: it is what the user last typed.
 */
import { useEffect, useRef, useState } from 'react';
import { AUTOSAVE_MS } from '../../../../shared/constants.js';
import { type CampaignFamily, type CampaignType } from '../../../../shared/domain/campaign-channels.js';
import { isEditable } from '../../../../shared/domain/campaign-states.js';
import type { TCampaignCommand, TCampaignLoadResponse } from '../../../../shared/schemas/campaigns.js';
import { familyOfType, loadCampaign, lockCampaign, saveCampaign, unlockCampaign, unlockCampaignOnExit, type TEmailCampaignCommand } from '../../api/campaigns.js';
import { useLockLease, type EditLockState } from '../use-lock-lease.js';
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

/**
 * The campaign being edited, of either family: `C` is its command (email, or SMS and MMS). The
 * recipient steps take any (RecipientsDraft); the others their family's.
 */
export type CampaignDraft<C extends TCampaignCommand = TEmailCampaignCommand> = {
  id: string;
  type: CampaignType;
  family: CampaignFamily;
  campaign: TCampaignLoadResponse['campaign'];
  /** The saved command with the unsaved changes over it. */
  command: C;
  lock: EditLockState;
  /** No write permission, not editable in its state, or someone else holds the lock. */
  readOnly: boolean;
  saveState: SaveState;
  /** Pasted addresses or numbers the last save found invalid (kept, never sent to). */
  invalidEntries: readonly string[];
  update(part: C): void;
  /** Saves what changed; `source` is the step saving. Failures are thrown for the caller to show. */
  save(source: string, mode: 'auto' | 'manual'): Promise<void>;
};

/** What the recipient steps (select-groups, upload-file) use: the keys every family's command has. */
export type RecipientsDraft = CampaignDraft<TCampaignCommand>;

type LoadResponse<C> = Omit<TCampaignLoadResponse, 'command'> & { command: C };

export type LoadedCampaign<C extends TCampaignCommand = TEmailCampaignCommand> = { response: LoadResponse<C>; command: C; unsaved: C };

/** The server's command, with local storage's newer unsaved changes over it. */
function withLocalChanges<C extends TCampaignCommand>(response: LoadResponse<C>): LoadedCampaign<C> {
  const local = readStoredItem<C>(response.id, COMMAND_KEY);
  if (local && Date.parse(local.time) > Date.parse(response.campaign.lastModifiedTime) && isEditable(response.campaign)) {
    return { response, command: deepMerge(response.command, local.value), unsaved: local.value };
  }
  // Older than the server's copy (saved since, perhaps from another browser): no longer wanted.
  if (local) removeStoredItem(response.id, COMMAND_KEY);
  // An empty command: the keys are all optional.
  return { response, command: response.command, unsaved: {} as C };
}

/** Loads the campaign `id` of `family` once; `C` is that family's command. */
export function useLoadedCampaign<C extends TCampaignCommand = TEmailCampaignCommand>(family: CampaignFamily, id: string | null) {
  const [state, setState] = useState<{ id: string; loaded?: LoadedCampaign<C>; error?: unknown } | null>(null);
  useEffect(() => {
    if (!id) return;
    let active = true;
    setState({ id });
    loadCampaign(family, id).then(
      // The family's load answers the family's command.
      (response) => active && setState({ id, loaded: withLocalChanges(response as LoadResponse<C>) }),
      (error: unknown) => active && setState({ id, error }),
    );
    return () => {
      active = false;
    };
  }, [family, id]);
  return state?.id === id ? state : null;
}

export function useCampaignDraft<C extends TCampaignCommand>(loaded: LoadedCampaign<C>, canWrite: boolean, step: string): CampaignDraft<C> {
  const { response } = loaded;
  const id = response.id;
  const type = response.type;
  const family = familyOfType(type);
  const mayEdit = canWrite && isEditable(response.campaign);
  const lock = useLockLease(
    mayEdit ? id : null,
    'campaign',
    () => ({ lock: () => lockCampaign(family, id), unlock: () => unlockCampaign(family, id), unlockOnExit: () => unlockCampaignOnExit(family, id) }),
    LOCK_HANDOVER_MS,
  );
  const readOnly = !mayEdit || lock.status !== 'held';

  const [command, setCommand] = useState(loaded.command);
  const unsaved = useRef<C>(loaded.unsaved);
  const [saveState, setSaveState] = useState<SaveState>(Object.keys(loaded.unsaved).length > 0 ? 'unsaved' : 'saved');
  const [invalidEntries, setInvalidEntries] = useState<readonly string[]>([]);

  // A save asked for while the lock is still being taken (just after opening) waits for it.
  const lockRef = useRef(lock);
  lockRef.current = lock;
  const save = async (source: string, mode: 'auto' | 'manual') => {
    while (mayEdit && lockRef.current.status === 'taking') await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_STEP_MS));
    const part = unsaved.current;
    // Without the lock nothing can be saved; what is unsaved stays in local storage.
    if (Object.keys(part).length === 0 || !mayEdit || lockRef.current.status !== 'held') return;
    unsaved.current = {} as C;
    setSaveState('saving');
    try {
      const answer = await saveCampaign({ id, type, command: part, source, mode });
      setInvalidEntries(answer.invalidEntries);
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
    family,
    campaign: response.campaign,
    command,
    lock,
    readOnly,
    saveState,
    invalidEntries,
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
