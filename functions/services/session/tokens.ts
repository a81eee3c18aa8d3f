import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import type { TTokenClaims } from '../../../shared/schemas/session.js';
import type { AccountRecord } from '../../data/accounts.js';
import { signToken } from '../../lib/jwt.js';

/**
 * The claims of a session on the user's own account, always derived from the stored account so
 * a refresh picks up every change (verification, password change, plan).
 */
export function ownAccountClaims({ account, sid }: { account: AccountRecord; sid: string }): TTokenClaims {
  return {
    tuid: account.tuid,
    loginTuid: account.tuid,
    admin: account.admin,
    teamId: account.teamId,
    teamAdmin: account.teamAdmin,
    connectionRole: null,
    permissions: ROLE_PERMISSIONS.owner,
    free: account.free,
    unverified: account.unverified,
    hideShoppingCart: account.hideShoppingCart || account.isCustomizedCrm,
    forcePasswordChange: account.forcePasswordChange,
    sid,
  };
}

export function issueToken(options: { account: AccountRecord; sid: string }): Promise<string> {
  return signToken(ownAccountClaims(options));
}
