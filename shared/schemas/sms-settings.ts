/**
 * The SMS settings API (docs/api-contract.md "SMS settings"): an account's sender IDs and the
 * country calling codes its SMS campaigns may send to, and support's review of sender IDs.
 */
import { z } from 'zod';
import { normalizeCallingCode } from '../domain/calling-codes.js';
import { SENDER_ID_STATUSES, senderIdProblem } from '../domain/sender-ids.js';
import { ZTimeOrderedId } from './common.js';

/** A sender ID as the account sees it (spec §3 "Verification": senderIdForceReverifyEndTime). */
export const ZSenderId = z.object({
  id: z.string(),
  senderId: z.string(),
  status: z.enum(SENDER_ID_STATUSES),
  /** Support's reason for a rejection; null otherwise. */
  reason: z.string().nullable(),
  /** Set while support forces re-verification of a verified ID: usable until then. */
  senderIdForceReverifyEndTime: z.string().nullable(),
  createTime: z.string(),
});
export type TSenderId = z.infer<typeof ZSenderId>;

export const ZSenderIdList = z.object({ data: z.array(ZSenderId) });
export type TSenderIdList = z.infer<typeof ZSenderIdList>;

/** POST sms/sender-ids: the ID to request; the message is the rule's problem key. */
export const ZSenderIdRequest = z.object({
  senderId: z
    .string()
    .max(100)
    .transform((value) => value.trim())
    .superRefine((value, context) => {
      const problem = senderIdProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});

/** The requested sender ID, awaiting support's review. */
export const ZSenderIdResponse = z.object({ senderId: ZSenderId });

export const ZSenderIdParams = z.object({ id: ZTimeOrderedId });

/** A country calling code with or without its +; answered without it ("852"). */
const ZCallingCode = z
  .string()
  .max(10)
  .transform((value, context) => {
    const code = normalizeCallingCode(value);
    if (code === null) {
      context.addIssue({ code: 'custom', message: 'not a country calling code' });
      return z.NEVER;
    }
    return code;
  });

/** POST sms/calling-codes. */
export const ZCallingCodeRequest = z.object({ callingCode: ZCallingCode });

/** The `{code}` of DELETE sms/calling-codes/{code}. */
export const ZCallingCodeParams = z.object({ code: ZCallingCode });

/** The allowed list, in numeric order of the codes. */
export const ZSmsSettings = z.object({ allowedCallingCodes: z.array(z.string()) });
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

/** GET admin/sender-ids: support's queue (new requests and forced re-verifications) or the verified IDs. */
export const ZAdminSenderIdQuery = z.object({ queue: z.enum(['review', 'verified']).default('review') });
export type TAdminSenderIdQueue = z.output<typeof ZAdminSenderIdQuery>['queue'];

/** A sender ID with the account it belongs to, for support. */
export const ZAdminSenderId = ZSenderId.extend({ tuid: z.string(), accountName: z.string(), accountEmail: z.string() });
export type TAdminSenderId = z.infer<typeof ZAdminSenderId>;
export const ZAdminSenderIdList = z.object({ data: z.array(ZAdminSenderId) });
export type TAdminSenderIdList = z.infer<typeof ZAdminSenderIdList>;

/** The `{tuid}/{id}` of the admin decision routes. */
export const ZAdminSenderIdParams = z.object({ tuid: z.string().min(1).max(64), id: ZTimeOrderedId });

/** POST admin/sender-ids/{tuid}/{id}/reject: the reason the account reads. */
export const ZSenderIdRejectRequest = z.object({ reason: z.string().trim().min(1).max(500) });

/** POST admin/sender-ids/{tuid}/{id}/force-reverify: until when the ID stays usable without a new approval. */
export const ZSenderIdReverifyRequest = z.object({ senderIdForceReverifyEndTime: z.iso.datetime({ offset: true }) });
