/** Show/hide rules of the shell's chrome (spec §2.2), on top of the permission rules in shared/. */
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import type { TAppConfig } from '../api/config.js';
import type { SessionClaims } from '../session/session.js';

type Claims = Pick<SessionClaims, 'tuid' | 'loginTuid' | 'admin' | 'teamAdmin' | 'connectionRole' | 'hideShoppingCart'>;

/** The cart shows only on the own, non-CRM account with the cart not hidden (billing spec §2). */
export function isShoppingCartShown(user: Pick<TUserInfo, 'isCustomizedCrm'>, claims: Claims): boolean {
  return !user.isCustomizedCrm && !claims.hideShoppingCart && !isActingOnOtherAccount(claims);
}

/** The language selector is a development-environment tool, hidden on another account. */
export function isLanguageSelectorShown(config: Pick<TAppConfig, 'stage'> | undefined, claims: Claims): boolean {
  return config?.stage === 'development' && !isActingOnOtherAccount(claims);
}

export type BannerKind = 'support' | 'teamAdmin' | 'connection';

/** Which connection banner applies, or null for a user on their own account with no special role. */
export function connectionBannerKind(claims: Claims): BannerKind | null {
  if (claims.admin && !claims.connectionRole) return 'support';
  if (claims.teamAdmin) return 'teamAdmin';
  if (isActingOnOtherAccount(claims)) return 'connection';
  return null;
}
