import { z } from 'zod';
import { ZEmail } from './common.js';

/** POST admin/users/force-logout: end every session of the user with this login email. */
export const ZForceLogoutRequest = z.object({ email: ZEmail });
export type TForceLogoutRequest = z.infer<typeof ZForceLogoutRequest>;

/** POST admin/users/lock: lock (true) or unlock (false) the account with this login email. */
export const ZAccountLockRequest = z.object({ email: ZEmail, locked: z.boolean() });
export type TAccountLockRequest = z.infer<typeof ZAccountLockRequest>;
