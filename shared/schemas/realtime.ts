/**
 * Socket events of spec §7, as the server pushes them: `{ event, userId, data }`, addressed by
 * user id. The socket only signals; lists (notifications, announcements, cart) stay the source
 * of truth and the client refetches them. Payloads the spec does not show are defined here and
 * documented in docs/api-contract.md.
 */
import { z } from 'zod';
import { ZLoginAlert } from './session.js';

export const FORCED_LOGOUT_REASONS = ['sysadForceLogout', 'lockedBy', 'trueDeleted', 'teamSessionTimeoutSetting', 'teamDeleted'] as const;

export const ZProgressPayload = z.object({
  id: z.string(),
  type: z.enum(['import', 'export', 'emailCampign', 'smsCampaign']),
  taskName: z.string(),
  currPos: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** 0–100. */
  progress: z.number().min(0).max(100),
  status: z.enum(['importing', 'completed', 'aborted', 'finished']),
  estimatedEndTime: z.string().nullable(),
});
export type TProgressPayload = z.infer<typeof ZProgressPayload>;

export const ZSocketEvent = z.discriminatedUnion('event', [
  /** A notification was stored for the user: refetch the list and the count; toast it. */
  z.object({ event: z.literal('notification'), userId: z.string(), data: z.object({ id: z.string() }) }),
  /** End the session now; `reason` picks the forced-logout dialog's text (spec §2.5). */
  z.object({
    event: z.literal('logout'),
    userId: z.string(),
    data: z.object({ reason: z.enum(FORCED_LOGOUT_REASONS), lockedBy: z.enum(['provider', 'teamAdmin']).optional() }),
  }),
  /** Go back to the own account (a connection was removed or changed). */
  z.object({ event: z.literal('returnToAccount'), userId: z.string(), data: z.object({ reason: z.enum(['changed', 'removed']) }) }),
  /** The claims changed: refresh the token, then reload. */
  z.object({ event: z.literal('refreshToken'), userId: z.string(), data: z.object({}).optional() }),
  /** The password was changed elsewhere: this session ends. */
  z.object({ event: z.literal('changedPassword'), userId: z.string(), data: z.object({ sid: z.string() }) }),
  z.object({ event: z.literal('updateShoppingCart'), userId: z.string(), data: z.object({ count: z.number().int().nonnegative() }) }),
  /** An order was paid: balances, plans and orders changed (the dashboard and plans & orders refetch). */
  z.object({ event: z.literal('creditsChanged'), userId: z.string(), data: z.object({ orderId: z.string() }) }),
  /** A notification was read in another tab: refetch the count. */
  z.object({ event: z.literal('acknowledge'), userId: z.string(), data: z.object({ notificationId: z.string().nullable() }) }),
  /** A mailing list (group) changed size or finished regenerating: refetch it. */
  z.object({ event: z.literal('mlst'), userId: z.string(), data: z.object({ groupId: z.string(), size: z.number().int().nonnegative() }) }),
  z.object({ event: z.literal('progress'), userId: z.string(), data: ZProgressPayload }),
  z.object({ event: z.literal('announcement'), userId: z.string(), data: z.object({ id: z.string() }) }),
  z.object({
    event: z.literal('bounceReason'),
    userId: z.string(),
    data: z.object({ message: z.string(), detail: z.string(), lastSendTime: z.string().nullable() }),
  }),
  /** Someone signed in to this account from another browser (the new-login dialog). */
  z.object({ event: z.literal('newLogin'), userId: z.string(), data: ZLoginAlert }),
]);
export type TSocketEvent = z.infer<typeof ZSocketEvent>;
export type TSocketEventName = TSocketEvent['event'];
