import { z } from 'zod';
import { SHARE_MODES, SHARE_RIGHTS, SHARE_STATUSES } from '../domain/template-sharing.js';
import { ZEmail } from './common.js';
import { EMAIL_EDITORS, TEMPLATE_KINDS, ZTemplate, ZTemplateId, ZTemplateLock, ZTemplateUser } from './templates.js';

/**
 * Template sharing (spec §4 "Template and group sharing"): the owner offers a template to another
 * account by its login email, with view or edit rights, or sends a copy; the receiver accepts or
 * rejects. Bodies are strict: an unknown key is refused.
 */

/** Share ids are time-ordered like template ids. */
export const ZShareId = ZTemplateId;

export const ZTemplateSharePathParams = z.object({ templateId: ZTemplateId, shareId: ZShareId });
export const ZSharedTemplatePathParams = z.object({ shareId: ZShareId });

export const ZShareRights = z.enum(SHARE_RIGHTS);

/** POST templates/{id}/shares: to whom, with which rights, and whether it is a copy. */
export const ZShareTemplateRequest = z.strictObject({
  email: ZEmail,
  rights: ZShareRights.default('view'),
  mode: z.enum(SHARE_MODES).default('share'),
});
export type TShareTemplateRequest = z.input<typeof ZShareTemplateRequest>;

/** PUT templates/{id}/shares/{shareId}: the new access rights. */
export const ZChangeShareRightsRequest = z.strictObject({ rights: ZShareRights });

/** A share as the owner sees it (the share dialog). */
export const ZTemplateShare = z.object({
  id: z.string(),
  templateId: z.string(),
  receiver: z.object({ name: z.string(), email: z.string() }),
  rights: ZShareRights,
  mode: z.enum(SHARE_MODES),
  status: z.enum(SHARE_STATUSES),
  sharedBy: ZTemplateUser,
  createTime: z.string(),
  updateTime: z.string(),
});
export type TTemplateShare = z.infer<typeof ZTemplateShare>;
export const ZTemplateShareListResponse = z.object({ data: z.array(ZTemplateShare) });
export type TTemplateShareListResponse = z.infer<typeof ZTemplateShareListResponse>;
export const ZTemplateShareResponse = z.object({ share: ZTemplateShare });

/** A share as the receiver sees it ("Shared with me"): whose template, which rights, and its state. */
export const ZReceivedShare = z.object({
  id: z.string(),
  /** The owner's template; an editor opens it with the share (`?id=&share=`). */
  templateId: z.string(),
  /** The owner's account: where the template's thumbnail is asked for (thumbnail/get `tuid`). */
  ownerTuid: z.string(),
  owner: z.object({ name: z.string(), email: z.string() }),
  sharedBy: ZTemplateUser,
  templateName: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  /** Which editor the template opens in (email only); null while pending. */
  editor: z.enum(EMAIL_EDITORS).nullable(),
  rights: ZShareRights,
  mode: z.enum(SHARE_MODES),
  status: z.enum(SHARE_STATUSES),
  createTime: z.string(),
  /** The template's last change; null while pending (the receiver sees only the offer). */
  updateTime: z.string().nullable(),
  /** The template's current content version (its thumbnail's); null while pending. */
  version: z.string().nullable(),
  /** Who is editing the owner's template now, in either account. */
  lock: ZTemplateLock.nullable(),
});
export type TReceivedShare = z.infer<typeof ZReceivedShare>;
export const ZReceivedShareListResponse = z.object({ data: z.array(ZReceivedShare) });
export type TReceivedShareListResponse = z.infer<typeof ZReceivedShareListResponse>;

/** GET shared-templates/{shareId}: the share and the owner's template, its email HTML sanitised. */
export const ZSharedTemplateResponse = z.object({ share: ZReceivedShare, template: ZTemplate });
export type TSharedTemplateResponse = z.infer<typeof ZSharedTemplateResponse>;

/** POST shared-templates/{shareId}/accept: a copy answers the template it created in the receiver's account. */
export const ZAcceptShareResponse = z.object({ share: ZReceivedShare.nullable(), templateId: z.string().nullable() });
export type TAcceptShareResponse = z.infer<typeof ZAcceptShareResponse>;
