/**
 * The idle session guard (spec §4, §2.5): records activity in every tab, opens the reminder with a
 * live countdown, and ends the session when it reaches zero. Loaded once a session exists and
 * mounted outside the router, so the logged-out notice stays up while the app moves to the
 * sign-in page underneath.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { auth } from '../../../shared/contracts/auth.js';
import { signInUrlReturningHere } from '../api/client.js';
import { callRoute } from '../api/routes.js';
import { logout, skipIdleUpdate } from '../api/session.js';
import { showError } from '../components/error-dialog.js';
import { formatCountdown, idlePhase, idleSettings } from '../session/idle.js';
import { clearSession, lastActivity, recordActivity, sessionLoginAlert, useClaims } from '../session/session.js';

type GuardState = { kind: 'active' } | { kind: 'reminder'; deadline: number } | { kind: 'loggedOut' };

const IdleDialog = lazy(() => import('./idle-dialog.js'));

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;
/** Activity is written to storage at most this often; the idle clock needs no finer grain. */
const ACTIVITY_WRITE_MS = 1000;

function useActivityRecorder(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = now;
      recordActivity(now);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [enabled]);
}

async function endIdleSession(): Promise<void> {
  try {
    await callRoute(auth.routes.logOut, {});
  } catch {
    // The server may already have idled the session out; the browser forgets it either way.
  }
  clearSession();
}

export default function IdleSessionGuard() {
  const signedIn = useClaims() !== null;
  const [state, setState] = useState<GuardState>({ kind: 'active' });
  const [now, setNow] = useState(() => Date.now());
  // Logged out meanwhile (Logout Now, another tab): a pending reminder has nothing left to guard.
  if (!signedIn && state.kind === 'reminder') setState({ kind: 'active' });

  // Moving the mouse while the reminder is up does not dismiss it: the user must choose.
  useActivityRecorder(signedIn && state.kind === 'active');

  useEffect(() => {
    if (!signedIn || state.kind === 'loggedOut') return;
    const settings = idleSettings();
    const check = () => {
      const current = Date.now();
      const phase = idlePhase(current - (lastActivity() ?? current), settings);
      setState((previous) => {
        if (previous.kind === 'reminder') {
          // Another tab chose "Remain Login" (fresh activity), or this countdown ran out.
          if (phase === 'active') return { kind: 'active' };
          return current >= previous.deadline || phase === 'expired' ? { kind: 'loggedOut' } : previous;
        }
        if (phase === 'expired') return { kind: 'loggedOut' };
        if (phase === 'reminder') return { kind: 'reminder', deadline: current + settings.reminderMs };
        return previous;
      });
    };
    check();
    const timer = window.setInterval(check, settings.checkIntervalMs);
    return () => window.clearInterval(timer);
  }, [signedIn, state.kind]);

  // The countdown ticks every second while the reminder is open, and ends the session at zero.
  useEffect(() => {
    if (state.kind !== 'reminder') return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= state.deadline) setState({ kind: 'loggedOut' });
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (state.kind === 'loggedOut') void endIdleSession();
  }, [state.kind]);

  const remain = async () => {
    try {
      await skipIdleUpdate();
      recordActivity(Date.now());
      setState({ kind: 'active' });
    } catch (error) {
      showError(error);
    }
  };

  const backToSignIn = () => {
    setState({ kind: 'active' });
    window.location.assign(signInUrlReturningHere());
  };

  // Read while the session is still stored: the effect above clears it right after this render.
  // Spec §2.5: the notice names the latest usage by its location, IP, device, browser and login time.
  const latestUsage = useMemo(() => (state.kind === 'loggedOut' ? sessionLoginAlert() : null), [state.kind]);

  if (state.kind === 'active') return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog
        state={state.kind === 'reminder' ? { kind: 'reminder', countdown: formatCountdown(state.deadline - now) } : { kind: 'loggedOut', latestUsage }}
        onLogout={() => void logout()}
        onRemain={() => void remain()}
        onSignIn={backToSignIn}
      />
    </Suspense>
  );
}
