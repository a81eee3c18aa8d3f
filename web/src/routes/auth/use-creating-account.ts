/** The step after sign-up: load the new user's info, then continue to the welcome page. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserInfo } from '../../api/user.js';

/** Shown at least this long, so the step reads as a calm moment rather than a flicker. */
const MIN_VISIBLE_MS = 1200;

export function useCreatingAccount() {
  const navigate = useNavigate();
  const { user, error, mutate } = useUserInfo();
  const [minimumShown, setMinimumShown] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setMinimumShown(true), MIN_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const isReady = Boolean(user) && minimumShown;
  useEffect(() => {
    if (isReady) navigate('/welcome', { replace: true });
  }, [isReady, navigate]);

  return { hasFailed: Boolean(error) && !user, retry: () => void mutate() };
}
