/** Public pages opened with a live session go straight into the app instead of asking again. */
import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { getToken } from '../../../session/session.js';

export function SignedOutOnly({ children }: { children: ReactNode }) {
  // Judged once on arrival: the session stored by this page's own submit must not race its navigation.
  const [hadSession] = useState(() => getToken() !== null);
  return hadSession ? <Navigate to="/dashboard" replace /> : children;
}
