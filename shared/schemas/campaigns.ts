import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants.js';
import { CAMPAIGN_TYPES } from '../domain/campaign-channels.js';
import { CAMPAIGN_LIMITS } from '../domain/campaign-fields.js';
import { DRAFT_REASONS } from '../domain/campaign-readiness.js';
import { GUARD_REASONS } from '../domain/deliverability-guard.js';
import { EMAIL_REPORT_VIEWS } from '../domain/campaign-report.js';
import { RECURRING_FREQUENCIES } from '../domain/campaign-schedule.js';
import { APPROVAL_STATES, CAMPAIGN_STATUSES } from '../domain/campaign-states.js';
import { CAMPAIGN_TAB_NAMES } from '../domain/campaign-tabs.js';
import { ZName, ZOptionalEmail, ZTimeOrderedId } from './common.js';
import { ZExportJob } from './exports.js';
import { ZRecipientSelection } from './groups.js';
import { ZEmailTemplateContent, ZTemplateId } from './templates.js';
import { TEMPLATE_LIMITS } from '../domain/templates.js';

/**
 * Campaigns (spec §2.1 /emails, create-email-campaign; §3 "Campaign save command", "Campaign
 * report state"; §7 "Campaign saving", "Reports"). Bodies are strict: an unknown key is refused.
 */

export const ZCampaignId = ZTimeOrderedId;
export const ZCampaignPathParams = z.object({ campaignId: ZCampaignId });

export const ZCampaignName = ZName(CAMPAIGN_LIMITS.nameLength);
export const ZCampaignType = z.enum(CAMPAIGN_TYPES);
/** The email routes take the email types only. */
export const ZEmailCampaignType = z.enum(['Email', 'base_email']);

export const ZCampaignTag = ZName(CAMPAIGN_LIMITS.tagLength);

/** The wizard's steps (spec §2.1); `source` of a save names the step that saved. */
export const EMAIL_WIZARD_STEPS = ['select-groups', 'paste-emails', 'upload-file', 'select-template', 'convert-page', 'code-editor', 'template-editor', 'information'] as const;
export type EmailWizardStep = (typeof EMAIL_WIZARD_STEPS)[number];

/** An address field that may be left empty while the wizard is in progress. */
const ZOptionalText = (max: number) => z.string().trim().max(max);

/**
 * The email campaign's saved wizard state (spec §3 "Campaign save command"). Every key is
 * optional: a save replaces only the keys it carries, so each step saves its own part.
 */
export const ZEmailCampaignCommand = z.strictObject({
  /** The campaign name (information step); trimmed and unique (check-title). */
  name: ZCampaignName.optional(),
  /** select-groups. */
  selection: ZRecipientSelection.optional(),
  /** paste-emails: addresses as typed; invalid ones are reported on save and never sent to. */
  pastedEmails: z.array(z.string().max(254)).max(CAMPAIGN_LIMITS.pastedAddresses).optional(),
  /** upload-file: the contact import (its pipeline) whose target group joined the selection. */
  uploadImportId: ZTimeOrderedId.nullable().optional(),
  /** select-template: the template the content was copied from (later template edits do not change the campaign). */
  templateId: ZTemplateId.nullable().optional(),
  /** The message, from a template or one of the editors. */
  content: ZEmailTemplateContent.optional(),
  subject: ZOptionalText(CAMPAIGN_LIMITS.subjectLength).optional(),
  preheader: ZOptionalText(CAMPAIGN_LIMITS.preheaderLength).optional(),
  senderName: ZOptionalText(CAMPAIGN_LIMITS.senderNameLength).optional(),
  senderEmail: ZOptionalText(254).optional(),
  /** Validated as an address: it becomes the Reply-To header. */
  replyTo: ZOptionalEmail.optional(),
});
export type TEmailCampaignCommand = z.infer<typeof ZEmailCampaignCommand>;

/** The SMS and MMS wizards' steps (spec §2.1 create-sms-campaign, create-mms-campaign). */
export const SMS_WIZARD_STEPS = ['select-groups', 'upload-file', 'paste-numbers', 'sender-id', 'select-template', 'enter-message'] as const;
export const MMS_WIZARD_STEPS = ['select-groups', 'upload-file', 'paste-numbers', 'information', 'enter-message'] as const;
export type SmsWizardStep = (typeof SMS_WIZARD_STEPS)[number] | (typeof MMS_WIZARD_STEPS)[number];

/** The SMS-family routes take SMS, MMS and base SMS types. */
export const ZSmsCampaignType = z.enum(['SMS', 'base_sms', 'MMS']);

/**
 * An MMS media part (spec §3: type, content id, filename, size, mimeType): a file of the file
 * manager, whose id is the content id. Sizes and types are checked against the MMS limits
 * (shared/domain/mms-media.ts) when the campaign is saved and again before it is sent.
 */
export const ZMmsComponent = z.strictObject({
  type: z.enum(['image', 'video', 'audio', 'file']),
  contentId: z.string().min(1).max(1024),
  filename: z.string().trim().min(1).max(255),
  size: z.number().int().min(0),
  mimeType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, { message: 'not a media type' }).max(100),
});
export type TMmsComponent = z.infer<typeof ZMmsComponent>;

/**
 * The SMS or MMS campaign's saved wizard state (spec §3 "Campaign save command"): every key
 * optional, a save replaces only the keys it carries. MMS uses `subject` and `content.components`.
 */
export const ZSmsCampaignCommand = z.strictObject({
  name: ZCampaignName.optional(),
  selection: ZRecipientSelection.optional(),
  /** paste-numbers: numbers as typed; invalid ones are reported on save and never sent to. */
  pastedNumbers: z.array(z.string().max(40)).max(CAMPAIGN_LIMITS.pastedAddresses).optional(),
  uploadImportId: ZTimeOrderedId.nullable().optional(),
  /** sender-id: a verified sender ID of the account (its id); null sends from the shared pool. */
  senderId: z.string().max(64).nullable().optional(),
  templateId: ZTemplateId.nullable().optional(),
  /** enter-message: the text, with personalisation tags. */
  message: z.string().max(TEMPLATE_LIMITS.mmsTextLength).optional(),
  /** information (MMS). */
  subject: ZOptionalText(TEMPLATE_LIMITS.mmsSubjectLength).optional(),
  /** enter-message (MMS): the media parts. */
  content: z.strictObject({ components: z.array(ZMmsComponent).max(TEMPLATE_LIMITS.mmsMedia) }).optional(),
});
export type TSmsCampaignCommand = z.infer<typeof ZSmsCampaignCommand>;

/** A campaign's command, whichever its family. */
export type TCampaignCommand = TEmailCampaignCommand | TSmsCampaignCommand;

/** POST create-campaign/save with a name: creates a draft (spec §7). */
export const ZCreateCampaignRequest = z.strictObject({ campaignName: ZCampaignName, type: ZEmailCampaignType.default('Email') });
export type TCreateCampaignRequest = z.infer<typeof ZCreateCampaignRequest>;
export const ZCreateCampaignResponse = z.object({ id: z.string() });

/** POST create-campaign/save with an id: saves the given part of the command (spec §7). */
export const ZSaveCampaignRequest = z.strictObject({ id: ZCampaignId, command: ZEmailCampaignCommand, type: ZEmailCampaignType.default('Email') });
export type TSaveCampaignRequest = z.infer<typeof ZSaveCampaignRequest>;
export const ZSaveCampaignQuery = z.object({
  source: z.enum(EMAIL_WIZARD_STEPS).optional(),
  /** `auto` for the 100,000 ms autosave, `manual` for a step change or a button. */
  mode: z.enum(['auto', 'manual']).default('manual'),
});
export const ZCampaignSaveBody = z.union([ZSaveCampaignRequest, ZCreateCampaignRequest]);

/** POST sms/create-campaign/save: the same two bodies with SMS types and command. */
export const ZCreateSmsCampaignRequest = z.strictObject({ campaignName: ZCampaignName, type: ZSmsCampaignType.default('SMS') });
export type TCreateSmsCampaignRequest = z.infer<typeof ZCreateSmsCampaignRequest>;
export const ZSaveSmsCampaignRequest = z.strictObject({ id: ZCampaignId, command: ZSmsCampaignCommand, type: ZSmsCampaignType.default('SMS') });
export type TSaveSmsCampaignRequest = z.infer<typeof ZSaveSmsCampaignRequest>;
export const ZSaveSmsCampaignQuery = z.object({
  source: z.enum([...SMS_WIZARD_STEPS, 'information']).optional(),
  mode: z.enum(['auto', 'manual']).default('manual'),
});
export const ZSmsCampaignSaveBody = z.union([ZSaveSmsCampaignRequest, ZCreateSmsCampaignRequest]);

/** What a save found wrong but kept (the wizard shows it on its step). */
export const ZSaveCampaignResponse = z.object({
  success: z.literal(true),
  lastModifiedTime: z.string(),
  /** Pasted addresses that are not valid emails; they are kept in the command but never sent to. */
  invalidEmails: z.array(z.string()),
});
export type TSaveCampaignResponse = z.infer<typeof ZSaveCampaignResponse>;

export const ZSaveSmsCampaignResponse = z.object({
  success: z.literal(true),
  lastModifiedTime: z.string(),
  /** Pasted numbers that are no valid mobile numbers; kept in the command but never sent to. */
  invalidNumbers: z.array(z.string()),
});
export type TSaveSmsCampaignResponse = z.infer<typeof ZSaveSmsCampaignResponse>;

/** What the save path answers: the save's findings, or the new draft's id (201). */
export const ZCampaignSaveAnswer = z.union([ZSaveCampaignResponse, ZCreateCampaignResponse]);
export const ZSmsCampaignSaveAnswer = z.union([ZSaveSmsCampaignResponse, ZCreateCampaignResponse]);

/** GET create-campaign/save?id=&timestamp= and GET create-campaign/save/lock?id=&timestamp=. */
export const ZCampaignLoadQuery = z.object({ id: ZCampaignId, timestamp: z.string().max(40).optional() });
export const ZCampaignUnlockQuery = z.object({ id: ZCampaignId });

export const ZCampaignUser = z.object({ loginTuid: z.string(), name: z.string() });
export const ZCampaignLock = z.object({ loginTuid: z.string(), name: z.string(), expiresAt: z.string() });

export const ZRecurringRule = z
  .strictObject({
    frequency: z.enum(RECURRING_FREQUENCIES),
    /** HH:mm in the service time zone (Asia/Hong_Kong). */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'not a time' }),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
    startsAt: z.iso.datetime({ offset: true }),
    until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((rule) => rule.frequency !== 'weekly' || (rule.weekdays?.length ?? 0) > 0, { message: 'weekly needs weekdays', path: ['weekdays'] })
  .refine((rule) => rule.frequency !== 'monthly' || rule.dayOfMonth !== undefined, { message: 'monthly needs dayOfMonth', path: ['dayOfMonth'] });
export type TRecurringRule = z.infer<typeof ZRecurringRule>;

/** A campaign as lists show it. */
export const ZCampaignSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: ZCampaignType,
  status: z.enum(CAMPAIGN_STATUSES),
  approval: z.enum(APPROVAL_STATES).nullable(),
  tags: z.array(z.string()),
  subject: z.string(),
  createTime: z.string(),
  lastModifiedTime: z.string(),
  createdBy: ZCampaignUser,
  /** The next send of a scheduled campaign (ISO instant). */
  scheduleTime: z.string().nullable(),
  recurring: ZRecurringRule.nullable(),
  /** The recurring campaign this one is an occurrence of. */
  parentId: z.string().nullable(),
  startTime: z.string().nullable(),
  finishTime: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  /** Why the last send returned to draft. */
  draftReason: z.enum(DRAFT_REASONS).nullable(),
  lock: ZCampaignLock.nullable(),
});
export type TCampaignSummary = z.infer<typeof ZCampaignSummary>;

/** GET create-campaign/save: the saved command and the campaign around it. */
export const ZCampaignLoadResponse = z.object({
  id: z.string(),
  type: ZCampaignType,
  campaignName: z.string(),
  command: ZEmailCampaignCommand,
  campaign: ZCampaignSummary,
});
export type TCampaignLoadResponse = z.infer<typeof ZCampaignLoadResponse>;

export const ZSmsCampaignLoadResponse = z.object({
  id: z.string(),
  type: ZCampaignType,
  campaignName: z.string(),
  command: ZSmsCampaignCommand,
  campaign: ZCampaignSummary,
});
export type TSmsCampaignLoadResponse = z.infer<typeof ZSmsCampaignLoadResponse>;

/** GET sms/campaigns/{id}/cost: what sending the saved campaign now would cost, per destination country. */
export const ZCampaignCostResponse = z.object({
  /** Busiest first: recipients, the credits they cost, and the messages they take (SMS segments, or one per MMS). */
  countries: z.array(z.object({ country: z.string(), recipients: z.number().int(), credits: z.number().int(), messages: z.number().int() })),
  recipients: z.number().int(),
  credits: z.number().int(),
  /** Numbers the campaign cannot go to: a country not on the allowed list, or one that takes no MMS. */
  skipped: z.number().int(),
  /** The account's SMS credits now. */
  balance: z.number().int(),
});
export type TCampaignCostResponse = z.infer<typeof ZCampaignCostResponse>;

export const ZCampaignLockResponse = z.object({ lock: ZCampaignLock, heartbeatMs: z.number().int() });

/** POST create-campaign/check-title (spec §5, §7). */
export const ZCheckTitleRequest = z.strictObject({ id: ZCampaignId.optional(), title: z.string().max(1000) });
export const ZCheckTitleResponse = z.object({ duplicated: z.boolean() });

/** POST create-campaign/select-contact/get-detail-by-ids (spec §7). */
export const ZSelectionDetailsRequest = z.strictObject({ campId: ZCampaignId, type: ZCampaignType.optional() });
const ZSelectedGroup = z.object({ id: z.string(), name: z.string(), exists: z.boolean() });
const ZSelectedCampaign = z.object({ id: z.string(), title: z.string(), type: z.string(), exists: z.boolean() });
export const ZSelectionDetailsResponse = z.object({
  groupIncludeResult: z.array(ZSelectedGroup),
  groupExcludeResult: z.array(ZSelectedGroup),
  campaignIncludeResult: z.array(ZSelectedCampaign),
  campaignExcludeResult: z.array(ZSelectedCampaign),
});

/** POST email/campaign/generateOnlineVersion (spec §7): a preview link of the online version. */
export const ZOnlineVersionRequest = z.strictObject({ id: ZCampaignId, type: ZEmailCampaignType.default('Email') });
export const ZOnlineVersionResponse = z.object({ url: z.string() });

/** GET email/campaigns?tab=&search=&tag=&page=&limit=: newest first. */
export const ZCampaignListQuery = z.strictObject({
  tab: z.enum(CAMPAIGN_TAB_NAMES).default('all'),
  search: z.string().trim().max(CAMPAIGN_LIMITS.nameLength).optional(),
  tag: ZCampaignTag.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type TCampaignListQuery = z.infer<typeof ZCampaignListQuery>;
export const ZCampaignListResponse = z.object({
  data: z.array(ZCampaignSummary),
  total: z.number().int(),
  /** Campaigns per tab, with the search and tag applied. */
  tabCounts: z.record(z.enum(CAMPAIGN_TAB_NAMES), z.number().int()),
  /** Every tag used on the account's campaigns, for the tag filter. */
  tags: z.array(z.string()),
});
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponse>;

export const ZRenameCampaignRequest = z.strictObject({ name: ZCampaignName });
export const ZTagCampaignRequest = z.strictObject({ tags: z.array(ZCampaignTag).max(CAMPAIGN_LIMITS.tags) });
export const ZDeleteCampaignsRequest = z.strictObject({ ids: z.array(ZCampaignId).min(1).max(50) });
export const ZDeleteCampaignsResponse = z.object({ deleted: z.number().int() });
export const ZCampaignResponse = z.object({ campaign: ZCampaignSummary });
export type TCampaignResponse = z.infer<typeof ZCampaignResponse>;

/** POST email/campaigns/{id}/actions: one state change of spec §4. */
export const ZCampaignActionRequest = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('sendNow') }),
  z.strictObject({ action: z.literal('schedule'), scheduleTime: z.iso.datetime({ offset: true }) }),
  z.strictObject({ action: z.literal('activateRecurring'), recurring: ZRecurringRule }),
  z.strictObject({ action: z.literal('modifyRecurring'), recurring: ZRecurringRule }),
  z.strictObject({ action: z.literal('deactivateRecurring') }),
  z.strictObject({ action: z.literal('cancel') }),
  z.strictObject({ action: z.literal('pause') }),
  z.strictObject({ action: z.literal('resume') }),
  z.strictObject({ action: z.literal('stop') }),
  z.strictObject({ action: z.literal('recover') }),
  /** Asks the user's approvers; `scheduleTime` when the approved send should wait for a time. */
  z.strictObject({ action: z.literal('requestApproval'), scheduleTime: z.iso.datetime({ offset: true }).nullable().default(null) }),
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('reject'), reason: z.string().trim().max(500).optional() }),
]);
export type TCampaignActionRequest = z.infer<typeof ZCampaignActionRequest>;

// ---------------------------------------------------------------------------------------------
// Reports (spec §3 "Campaign report state", §7 GET email/stat/{view}/{campaignId}?type=).

export const ZReportPathParams = z.object({ view: z.enum(EMAIL_REPORT_VIEWS), campaignId: ZCampaignId });
export const ZReportQuery = z.object({
  /** Spec §7 passes the campaign's type; the campaign itself says what it is. */
  type: ZCampaignType.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  /** The click view: one link's clickers (its index in `links`). */
  link: z.coerce.number().int().min(0).max(10_000).optional(),
});

export const ZCampaignReportState = z.object({
  campaignId: z.string(),
  view: z.enum(EMAIL_REPORT_VIEWS),
  type: ZCampaignType,
  title: z.string(),
  tags: z.array(z.string()),
  status: z.enum(CAMPAIGN_STATUSES),
  pcSent: z.number(),
  lastModifiedTime: z.string(),
  startTime: z.string().nullable(),
  estimatedEndTime: z.string().nullable(),
  scheduleTime: z.string().nullable(),
  mode: z.enum(['now', 'schedule', 'recurring']),
  isShowAcceptOrRejectApproveButton: z.boolean(),
  approval: z.enum(APPROVAL_STATES).nullable(),
  draftReason: z.enum(DRAFT_REASONS).nullable(),
  /** The deliverability guard's pause the campaign is in now, with the figures it judged on (rates as fractions). */
  guardPause: z.object({ reason: z.enum(GUARD_REASONS), rate: z.number(), limit: z.number(), count: z.number().int(), sample: z.number().int(), time: z.string() }).nullable(),
});
export type TCampaignReportState = z.infer<typeof ZCampaignReportState>;

export const ZCampaignCounters = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  unsent: z.number().int(),
  failed: z.number().int(),
  possiblySentTwice: z.number().int(),
  creditsUsed: z.number().int(),
  segments: z.number().int(),
  skipped: z.number().int(),
  delivered: z.number().int(),
  hardBounces: z.number().int(),
  softBounces: z.number().int(),
  complaints: z.number().int(),
  opens: z.number().int(),
  machineOpens: z.number().int(),
  uniqueOpens: z.number().int(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  unsubscribes: z.number().int(),
});

export const ZReportLink = z.object({ index: z.number().int(), url: z.string(), clicks: z.number().int(), uniqueClicks: z.number().int() });
/** Opens and clicks per hour (the start of the hour, ISO), for the overview's timeline chart. */
export const ZReportTimelinePoint = z.object({ time: z.string(), opens: z.number().int(), clicks: z.number().int() });

export const ZReportRow = z.object({
  contactId: z.string(),
  email: z.string(),
  /** delivery: sent, delivered, complained, failed, bounced, skipped. */
  status: z.string().optional(),
  time: z.string().nullable(),
  /** open and click: how many times. */
  count: z.number().int().optional(),
  /** click: the link; bounce: hard or soft. */
  url: z.string().optional(),
  bounceType: z.enum(['hard', 'soft']).optional(),
  /** bounce: the receiving server's reason; failed: the provider's code; skipped: why (SKIP_REASONS). */
  reason: z.string().optional(),
  /** bounce: the provider's classification of it (BOUNCE_CODES), when it gave one. */
  code: z.string().optional(),
});
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZCampaignReportResponse = z.object({
  state: ZCampaignReportState,
  counters: ZCampaignCounters,
  /** overview only. */
  timeline: z.array(ZReportTimelinePoint).optional(),
  /** overview and click. */
  links: z.array(ZReportLink).optional(),
  /** overview of SMS and MMS: messages sent and credits spent per destination country, busiest first. */
  countries: z.array(z.object({ country: z.string(), sent: z.number().int(), credits: z.number().int() })).optional(),
  /** overview: failed recipients by the provider's code (INVALID, CARRIER_UNREACHABLE, REJECTED, …), most first. */
  failureReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })).optional(),
  /** the list views. */
  rows: z.array(ZReportRow).optional(),
  total: z.number().int().optional(),
});
export type TCampaignReportResponse = z.infer<typeof ZCampaignReportResponse>;

/** POST email/stat/{view}/{campaignId}/export: the queued export, followed on /exports. */
export const ZReportExportResponse = z.object({ export: ZExportJob });
