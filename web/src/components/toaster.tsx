/**
 * Toast notifications (spec §2.5): at most TOAST_MAX visible at once, the rest wait their turn
 * (toast-slots.ts). notify() works from the first moment; the toast code itself loads just after
 * the first render and shows whatever was queued meanwhile.
 */
import { lazy, Suspense } from 'react';

export type NotifyOptions = {
  type: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description?: string;
  durationMs?: number;
  /** Stays until closed, unless newer toasts wait for its slot (toast-slots.ts). */
  sticky?: boolean;
};

const ToasterView = lazy(() => import('./toaster-view.js'));

let deliver: ((options: NotifyOptions) => void) | null = null;
const pending: NotifyOptions[] = [];

export function notify(options: NotifyOptions): void {
  if (deliver) deliver(options);
  else pending.push(options);
}

/** Called once by the loaded toaster: from then on toasts go straight to it. */
export function connectToaster(show: (options: NotifyOptions) => void): void {
  deliver = show;
  for (const options of pending.splice(0)) show(options);
}

export function ToasterHost() {
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
