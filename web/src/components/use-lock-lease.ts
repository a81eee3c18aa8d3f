/**
 * The lease of an edited record, a template or a campaign (spec §4 "Edit locking"): taken on open,
 * renewed every heartbeat the server asks for, released on leave and, best effort, when the page
 * is hidden or closed. A refusal opens the error dialog (Access Denied naming the editor) and the
 * editor stays read-only; a lock lost to someone else after a lapse (a sleeping laptop) does the same.
 */
import { useEffect, useState } from 'react';
import { ERROR_CODES } from '../../../shared/errors.js';
import { toApiError } from '../api/errors.js';
import type { ErrorEntity } from '../errors/error-messages.js';
import { showError } from './error-dialog.js';

/** A renewal that failed on the way is retried this soon; the lease (60 s) outlasts a few tries. */
const RETRY_MS = 5_000;

export type EditLockState =
  | { status: 'idle' }
  | { status: 'taking' }
  | { status: 'held' }
  /** Someone else edits it (`lockedBy` names them), or the lock could not be taken at all. */
  | { status: 'refused'; lockedBy: string | null };

export type LockCalls = { lock(): Promise<{ heartbeatMs: number }>; unlock(): Promise<void>; unlockOnExit(): void };

/** Releases waiting out their handover time, by key. */
const pendingReleases = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * The lease of any edited record (a template, a campaign): `key` null = nothing to lock; a new
 * `key` gives up the old lease and takes one through `callsOf()`. With `handoverMs`, a lease given
 * up is released only after that long, and kept if the same key is leased again meanwhile: an
 * editor whose page mounts anew (the campaign wizard entering a full-screen step) keeps its lock
 * instead of racing its own release. Closing the page still releases at once.
 */
export function useLockLease(key: string | null, entity: ErrorEntity, callsOf: () => LockCalls, handoverMs = 0): EditLockState {
  const [state, setState] = useState<EditLockState>({ status: key ? 'taking' : 'idle' });

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return;
    }
    let active = true;
    let held = false;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    const calls = callsOf();
    const handedOver = pendingReleases.get(key);
    if (handedOver !== undefined) {
      clearTimeout(handedOver);
      pendingReleases.delete(key);
    }
    const release = () => {
      if (handoverMs === 0) {
        void calls.unlock().catch(() => undefined);
        return;
      }
      const timer = setTimeout(() => {
        pendingReleases.delete(key);
        void calls.unlock().catch(() => undefined);
      }, handoverMs);
      pendingReleases.set(key, timer);
    };

    const take = async (isRenewal: boolean) => {
      try {
        const { heartbeatMs } = await calls.lock();
        // Taken or renewed just after the editor closed: give it back.
        if (!active) {
          release();
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
        showError(error, { entity });
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
      if (held) release();
    };
  }, [key]);

  return state;
}
