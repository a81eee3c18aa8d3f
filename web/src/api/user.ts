import useSWR from 'swr';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { useClaims } from '../session/session.js';
import { fetchPath } from './client.js';

const USER_INFO_PATH = '/api/v1/pageBasedAPI/user';

/**
 * The signed-in user's info (spec §3), shared by the shell and every page through swr's cache.
 * Without a session nothing is requested (a public page stays where it is).
 */
export function useUserInfo() {
  const signedIn = useClaims() !== null;
  const { data, error, isLoading, mutate } = useSWR<TUserInfo, unknown>(signedIn ? USER_INFO_PATH : null, fetchPath);
  return { user: data, error, isLoading, mutate };
}
