/**
 * Whether the force-verify page replaces the routed content, for the shell. The decision is taken
 * once per session view (the shown time is stored right after, which would otherwise close the
 * page again at once), and lifted by Skip for Now or by a completed verification.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { TTokenClaims } from '../../../shared/schemas/session.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import {
  isForceVerifyOverdue,
  opensForceVerifyAtOnce,
  readForceVerifyShownAt,
  shouldOpenForceVerify,
  writeForceVerifyShownAt,
} from './force-verify-rules.js';
import { VERIFIED_EVENT } from './use-verification.js';

/** Fired by Skip for Now on the force-verify page. */
export const FORCE_VERIFY_SKIPPED_EVENT = 'force-verify-skipped';

/** The sign-up steps: welcome is the new user's verification prompt, so the page waits until after. */
const POST_SIGN_UP_PATHS = ['/creating-account', '/welcome'];

export function skipForceVerify(): void {
  window.dispatchEvent(new Event(FORCE_VERIFY_SKIPPED_EVENT));
}

type Decision = { key: string; open: boolean };

export function useForceVerifyGate(user: TUserInfo | undefined, claims: TTokenClaims | null): boolean {
  const { pathname } = useLocation();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [skipped, setSkipped] = useState(false);
  const [verified, setVerified] = useState(false);
  const key = user && claims ? `${claims.loginTuid}:${claims.tuid}` : null;
  const now = Date.now();
  const onSignUpStep = POST_SIGN_UP_PATHS.includes(pathname);

  // Decide during render (derived state), so the routed page never flashes before the gate.
  let current = decision;
  if (key && user && claims && decision?.key !== key) {
    if (onSignUpStep) current = { key, open: opensForceVerifyAtOnce(user, claims, now) };
    else {
      current = { key, open: shouldOpenForceVerify(user, claims, readForceVerifyShownAt(claims.loginTuid), now) };
      setDecision(current);
    }
  }

  const loginTuid = claims?.loginTuid;
  const opened = Boolean(current?.open);
  useEffect(() => {
    if (opened && loginTuid) writeForceVerifyShownAt(loginTuid, Date.now());
  }, [opened, loginTuid]);

  useEffect(() => {
    const skip = () => setSkipped(true);
    const verify = () => setVerified(true);
    window.addEventListener(FORCE_VERIFY_SKIPPED_EVENT, skip);
    window.addEventListener(VERIFIED_EVENT, verify);
    return () => {
      window.removeEventListener(FORCE_VERIFY_SKIPPED_EVENT, skip);
      window.removeEventListener(VERIFIED_EVENT, verify);
    };
  }, []);

  // An overdue forced verification cannot be skipped; verifying always lifts it (the page then reloads).
  const overdue = user ? isForceVerifyOverdue(user, now) : false;
  return opened && !verified && (!skipped || overdue);
}
