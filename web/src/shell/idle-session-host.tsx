import { lazy, Suspense, useState } from 'react';
import { useClaims } from '../session/session.js';

const IdleSessionGuard = lazy(() => import('./idle-session.js'));

/** Mounts the idle guard from the first signed-in moment on; it stays to show the logged-out notice. */
export function IdleSessionHost() {
  const signedIn = useClaims() !== null;
  const [needed, setNeeded] = useState(signedIn);
  if (signedIn && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <IdleSessionGuard />
    </Suspense>
  );
}
