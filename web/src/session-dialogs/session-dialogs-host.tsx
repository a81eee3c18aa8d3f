/**
 * Reacts to the socket's session events (spec §2.5, §7), mounted once outside the router so a
 * dialog stays up while the app moves to the sign-in page underneath: forced logout and a
 * password changed elsewhere end the session; refreshToken refreshes it; returnToAccount and
 * newLogin open their dialogs. The dialogs themselves load on first use.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { auth } from '../../../shared/contracts/auth.js';
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import { callRoute } from '../api/routes.js';
import { useAppConfig } from '../api/config.js';
import { showError } from '../components/error-dialog.js';
import { useSocketEvent } from '../realtime/socket.js';
import { clearSession, getClaims, storeToken } from '../session/session.js';
import {
  readSharedForcedLogout,
  shareForcedLogout,
  type ForcedLogoutCause,
  type SessionDialogState,
  type SupportContact,
} from './session-dialog-kinds.js';

const SessionDialog = lazy(() => import('./session-dialog.js'));

/** The claims changed on the server (a new role, a plan): take a fresh token, then start over with it. */
async function refreshTokenAndReload(): Promise<void> {
  try {
    const { token } = await callRoute(auth.routes.refresh, {});
    storeToken(token);
    window.location.reload();
  } catch (error) {
    showError(error);
  }
}

/** Shows the forced-logout dialog when another tab of this browser ended the session for a reason. */
function useSharedForcedLogout(show: (cause: ForcedLogoutCause) => void): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const cause = readSharedForcedLogout(event.key, event.newValue);
      if (cause) show(cause);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [show]);
}

export function SessionDialogsHost() {
  const [dialog, setDialog] = useState<SessionDialogState | null>(null);
  const config = useAppConfig();
  const support = useRef<SupportContact | null>(null);
  useEffect(() => {
    if (config) support.current = { email: config.supportEmail, phone: config.supportPhone };
  }, [config]);
  // A forced logout outranks anything else; nothing replaces it until the user acknowledges it.
  const show = (next: SessionDialogState) => setDialog((current) => (current?.kind === 'forcedLogout' ? current : next));
  const showForcedLogout = useCallback((cause: ForcedLogoutCause) => setDialog({ kind: 'forcedLogout', cause, support: support.current }), []);

  const endSession = (cause: ForcedLogoutCause) => {
    if (!getClaims()) return;
    shareForcedLogout(cause);
    clearSession();
    showForcedLogout(cause);
  };

  // Spec §6: provider support is neither logged out by these events nor token-refreshed.
  useSocketEvent('logout', ({ data }) => {
    if (!getClaims()?.admin) endSession(data);
  });
  useSocketEvent('changedPassword', ({ data }) => {
    // The session that changed the password stays signed in; every other one ends.
    if (data.sid !== getClaims()?.sid) endSession({ reason: 'changedPassword' });
  });
  useSocketEvent('refreshToken', () => {
    const claims = getClaims();
    if (claims && !claims.admin) void refreshTokenAndReload();
  });
  useSocketEvent('returnToAccount', ({ data }) => {
    const claims = getClaims();
    if (claims && isActingOnOtherAccount(claims)) show({ kind: 'connectionChanged', reason: data.reason });
  });
  useSocketEvent('newLogin', ({ data }) => {
    if (getClaims()) show({ kind: 'newLogin', alert: data });
  });
  useSharedForcedLogout(showForcedLogout);

  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialog dialog={dialog} onClose={() => setDialog(null)} />
    </Suspense>
  );
}
