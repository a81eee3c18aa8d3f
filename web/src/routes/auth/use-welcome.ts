/** The welcome step: the new user's info, and the verify dialog it leads to. */
import { useEffect } from 'react';
import { useUserInfo } from '../../api/user.js';
import { useClaims } from '../../session/session.js';
import { useVerifyDialog } from '../../shell/verify-dialog-context.js';
import { needsVerification, writeForceVerifyShownAt } from '../../verification/force-verify-rules.js';

export function useWelcome() {
  const { user } = useUserInfo();
  const openVerify = useVerifyDialog();
  const loginTuid = useClaims()?.loginTuid;

  // Welcome is this user's once-per-user verification prompt (spec §4); the force-verify page
  // would only repeat it on the next screen.
  useEffect(() => {
    if (loginTuid) writeForceVerifyShownAt(loginTuid, Date.now());
  }, [loginTuid]);

  return { user, unverified: user ? needsVerification(user) : false, openVerify };
}
