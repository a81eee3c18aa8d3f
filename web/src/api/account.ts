/** Settings → account calls: the profile, the password, sign-in activity; and password recovery from the sign-in page. */
import { mutate } from 'swr';
import { account } from '../../../shared/contracts/account.js';
import { auth } from '../../../shared/contracts/auth.js';
import { user } from '../../../shared/contracts/user.js';
import type { TAccountProfile } from '../../../shared/schemas/account.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TAccountProfile, TOpenSession, TSignInActivity } from '../../../shared/schemas/account.js';

const PROFILE_KEY = routeKey(account.routes.getProfile, {});
const ACTIVITY_KEY = routeKey(account.routes.signInActivity, {});

export function useAccountProfile() {
  const { data, error, mutate: revalidate } = useRoute(account.routes.getProfile, {});
  return { profile: data, error, retry: () => revalidate() };
}

/** Saves the profile; the shell's user info (name, language, time zone) refetches. */
export async function saveAccountProfile(profile: TAccountProfile): Promise<TAccountProfile> {
  const saved = await callRoute(account.routes.updateProfile, { body: profile });
  await Promise.all([mutate(PROFILE_KEY, saved, { revalidate: false }), mutate(routeKey(user.routes.get, {}))]);
  return saved;
}

/** Changes the password with the current one; answers the session's new token. */
export async function changeOwnPassword(input: { oldPassword: string; newPassword: string }): Promise<string> {
  return (await callRoute(account.routes.changePassword, { body: input })).token;
}

export function useSignInActivity() {
  const { data, error, mutate: revalidate } = useRoute(account.routes.signInActivity, {});
  return { activity: data, error, retry: () => revalidate() };
}

export async function endSession(sid: string): Promise<void> {
  await callRoute(account.routes.endSession, { params: { sid } });
  await mutate(ACTIVITY_KEY);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await callRoute(auth.routes.forgotPassword, { body: { email } });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await callRoute(auth.routes.resetPassword, { body: input });
}
