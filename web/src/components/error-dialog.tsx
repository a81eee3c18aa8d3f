/**
 * The error-details dialog (spec §2.5, §8): one host mounted at the root, opened imperatively
 * with showError(). Errors queue, so two failures in a row are both seen. The dialog's code
 * loads with the first error, so a session without errors never downloads it.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toApiError, type ApiError } from '../api/errors.js';
import type { ErrorEntity } from '../errors/error-messages.js';

export type QueuedError = { id: number; error: ApiError; entity?: ErrorEntity };

const ErrorDialogView = lazy(() => import('./error-dialog-view.js'));

let queue: readonly QueuedError[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly QueuedError[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the error dialog for any thrown value; cancelled requests never open it. */
export function showError(error: unknown, options: { entity?: ErrorEntity } = {}): void {
  const apiError = toApiError(error);
  if (apiError.cancelled) return;
  setQueue([...queue, { id: nextId++, error: apiError, entity: options.entity }]);
}

function dismiss(id: number): void {
  setQueue(queue.filter((item) => item.id !== id));
}

export function ErrorDialogHost() {
  const current = useSyncExternalStore(subscribe, () => queue[0], () => undefined);
  // Stays mounted after the first error, so closing can play its exit animation.
  const [viewNeeded, setViewNeeded] = useState(false);
  if (current && !viewNeeded) setViewNeeded(true);
  if (!viewNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogView current={current} onDismiss={dismiss} />
    </Suspense>
  );
}
