import { user } from '../../../shared/contracts/user.js';
import { useClaims } from '../session/session.js';
import { useRoute } from './routes.js';

/**
 * The signed-in user's info (spec §3), shared by the shell and every page through swr's cache.
 * Without a session nothing is requested (a public page stays where it is).
 */
export function useUserInfo() {
  const signedIn = useClaims() !== null;
  const { data, error, isLoading, mutate } = useRoute(user.routes.get, signedIn ? {} : null);
  return { user: data, error, isLoading, mutate };
}
