/** Pages for the user's own account only (spec §6): acting on another account leads to the error page. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { useClaims } from '../session/session.js';

export function OwnAccountOnly({ children }: { children: ReactNode }) {
  const claims = useClaims();
  if (claims && isActingOnOtherAccount(claims)) return <Navigate to={`/error?code=${ERROR_CODES.NO_PERMISSION}`} replace />;
  return children;
}
