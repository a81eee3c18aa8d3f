import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants.js';
import { TEMPLATE_LIMITS } from '../domain/templates.js';
import { ZName, ZTimeOrderedId } from './common.js';

/**
 * Templates (spec §2.1 /templates): email templates made in the drag-and-drop editor, the code
 * editor or by converting a page; SMS and MMS templates hold the message. Every body is strict:
 * an unknown key is refused rather than silently dropped.
 */
export const TEMPLATE_KINDS = ['email', 'sms', 'mms'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Which editor made an email template (spec §2.1 template-editor, code-editor, convert-page). */
export const EMAIL_EDITORS = ['dragAndDrop', 'code', 'convertedPage'] as const;
export type EmailEditor = (typeof EMAIL_EDITORS)[number];

/** Template ids are time-ordered (ULID layout): 26 Crockford base-32 characters. */
export const ZTemplateId = ZTimeOrderedId;

export const ZTemplatePathParams = z.object({ templateId: ZTemplateId });

export const ZTemplateName = ZName(TEMPLATE_LIMITS.nameLength);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * HTML and the project JSON have no schema length cap: the route's body limit bounds them and
 * checkTemplateContentSize (shared/domain/templates.ts) answers the specific "too large" code.
 */
export const ZEmailTemplateContent = z.strictObject({
  kind: z.literal('email'),
  editor: z.enum(EMAIL_EDITORS),
  html: z.string(),
  /** The drag-and-drop editor's project, kept opaque; must be JSON so the editor can load it again. */
  project: z.string().refine(isJson, { message: 'not JSON' }).nullable().default(null),
});

export const ZSmsTemplateContent = z.strictObject({
  kind: z.literal('sms'),
  text: z.string().max(TEMPLATE_LIMITS.smsTextLength),
});

/** An MMS attachment: a file of the file manager or any https/http URL the carrier can fetch. */
export const ZMmsMedia = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(TEMPLATE_LIMITS.mediaUrlLength),
  name: z.string().trim().max(255).optional(),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, { message: 'not a media type' }).max(100).optional(),
});
export type TMmsMedia = z.infer<typeof ZMmsMedia>;

export const ZMmsTemplateContent = z.strictObject({
  kind: z.literal('mms'),
  subject: z.string().max(TEMPLATE_LIMITS.mmsSubjectLength).default(''),
  text: z.string().max(TEMPLATE_LIMITS.mmsTextLength),
  media: z.array(ZMmsMedia).max(TEMPLATE_LIMITS.mmsMedia).default([]),
});

export const ZTemplateContent = z.discriminatedUnion('kind', [ZEmailTemplateContent, ZSmsTemplateContent, ZMmsTemplateContent]);
export type TTemplateContent = z.infer<typeof ZTemplateContent>;

/** A user as a template names them: the login and the full name at the time. */
export const ZTemplateUser = z.object({ loginTuid: z.string(), name: z.string() });

/** The live edit lock: who is editing and until when unless the editor renews it. */
export const ZTemplateLock = z.object({ loginTuid: z.string(), name: z.string(), expiresAt: z.string() });
export type TTemplateLock = z.infer<typeof ZTemplateLock>;

/** A template as lists show it: everything but the content. */
export const ZTemplateSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  /** Email templates only; null for SMS and MMS. */
  editor: z.enum(EMAIL_EDITORS).nullable(),
  /** Bytes of the stored content. */
  size: z.number().int(),
  /** The start of an SMS or MMS text; null for email. */
  snippet: z.string().nullable(),
  /** The current content version; a save makes a new one (thumbnails are keyed by it). */
  version: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  createdBy: ZTemplateUser,
  updatedBy: ZTemplateUser,
  /** Null unless someone is editing it now. */
  lock: ZTemplateLock.nullable(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZTemplate = ZTemplateSummary.extend({ content: ZTemplateContent });
export type TTemplate = z.infer<typeof ZTemplate>;

/** POST templates: the kind is the content's and never changes afterwards. */
export const ZCreateTemplateRequest = z.strictObject({ name: ZTemplateName, content: ZTemplateContent });
export type TCreateTemplateRequest = z.infer<typeof ZCreateTemplateRequest>;

/** PUT templates/{id}: the editor's save; needs the caller's edit lock. */
export const ZSaveTemplateRequest = z
  .strictObject({ name: ZTemplateName.optional(), content: ZTemplateContent.optional() })
  .refine((body) => body.name !== undefined || body.content !== undefined, { message: 'name or content is required' });
export type TSaveTemplateRequest = z.infer<typeof ZSaveTemplateRequest>;

/** PUT templates/{id}/name: rename from the list, without opening the editor. */
export const ZRenameTemplateRequest = z.strictObject({ name: ZTemplateName });

/** POST templates/{id}/copy: the copy's name, or "Copy of …" when none is given. */
export const ZCopyTemplateRequest = z.strictObject({ name: ZTemplateName.optional() });

/** DELETE templates: several at once, all or none. */
export const ZDeleteTemplatesRequest = z.strictObject({ ids: z.array(ZTemplateId).min(1).max(TEMPLATE_LIMITS.bulkIds) });

/** POST templates/{id}/lock takes no options; an empty object or no body. */
export const ZLockTemplateRequest = z.strictObject({});

/** POST templates/{id}/test-send: optionally personalised with one of the account's contacts. */
export const ZTestSendTemplateRequest = z.strictObject({ contactId: z.string().regex(/^[1-9]\d{0,14}$/, { message: 'not a contact id' }).optional() });
export type TTestSendTemplateRequest = z.infer<typeof ZTestSendTemplateRequest>;
export const ZTestSendTemplateResponse = z.object({ success: z.literal(true), to: z.string() });
export type TTestSendTemplateResponse = z.infer<typeof ZTestSendTemplateResponse>;

/** GET templates?cursor=&limit=&kind=&search=: newest first. */
export const ZTemplateListQuery = z.strictObject({
  /** The id of the last template of the previous page (its `nextCursor`). */
  cursor: ZTemplateId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  kind: z.enum(TEMPLATE_KINDS).optional(),
  /** Part of the name, any case. */
  search: z.string().trim().max(TEMPLATE_LIMITS.nameLength).optional(),
});
export type TTemplateListQuery = z.infer<typeof ZTemplateListQuery>;

/**
 * GET thumbnail/get (spec §7): the thumbnail of one version of a template. `time` (the update
 * time) and `version` only make each version's address unique, so it can be cached for good.
 */
export const ZThumbnailQuery = z.strictObject({
  id: ZTemplateId,
  version: ZTimeOrderedId,
  time: z.string().max(40).optional(),
  tuid: z.string().regex(/^[\w-]{1,64}$/, { message: 'not an account id' }),
  dataType: z.literal('template').default('template'),
});
export type TThumbnailQuery = z.infer<typeof ZThumbnailQuery>;

export const ZTemplateListResponse = z.object({ data: z.array(ZTemplateSummary), nextCursor: z.string().nullable() });
export type TTemplateListResponse = z.infer<typeof ZTemplateListResponse>;

export const ZTemplateResponse = z.object({ template: ZTemplate });
export const ZTemplateSummaryResponse = z.object({ template: ZTemplateSummary });
export const ZDeleteTemplatesResponse = z.object({ deleted: z.number().int() });

/** POST templates/{id}/lock: the lock and how often the editor should renew it. */
export const ZTemplateLockResponse = z.object({ lock: ZTemplateLock, heartbeatMs: z.number().int() });
export type TTemplateLockResponse = z.infer<typeof ZTemplateLockResponse>;

/**
 * POST templates/convert (spec §2.1 convert-page): a page to fetch by address, or pasted HTML with
 * the address its relative links resolve against. Answers the converted HTML; nothing is saved.
 */
export const ZConvertPageRequest = z.union([
  z.strictObject({ url: z.string().trim().url().max(TEMPLATE_LIMITS.mediaUrlLength) }),
  z.strictObject({ html: z.string().min(1).max(TEMPLATE_LIMITS.htmlBytes), baseUrl: z.string().trim().url().max(TEMPLATE_LIMITS.mediaUrlLength).optional() }),
]);
export type TConvertPageRequest = z.infer<typeof ZConvertPageRequest>;
export const ZConvertPageResponse = z.object({ html: z.string() });
export type TConvertPageResponse = z.infer<typeof ZConvertPageResponse>;
