import { z } from 'zod';
import { ZEmail, ZName } from './common.js';
import { CONTACT_LIMITS } from '../constants.js';

/**
 * Contacts and their custom fields (spec §3 "Contact profile"). A contact is identified by its
 * email and by its mobile number: each is unique within an account when present.
 */

export const FIELD_TYPES = ['text', 'number', 'date', 'singleChoice', 'multipleChoice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const BOUNCE_STATUSES = ['none', 'soft', 'hard'] as const;
export type BounceStatus = (typeof BOUNCE_STATUSES)[number];

/** Channels a contact can be reached on; each has its own subscribe and bounce state. */
export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

const ZId = z.string().min(1).max(64);

export const ZFieldChoice = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{1,12}$/),
  label: ZName(CONTACT_LIMITS.choiceLabelLength),
});
export type TFieldChoice = z.infer<typeof ZFieldChoice>;

/** One custom field of the account's contact schema. */
export const ZFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  choices: z.array(ZFieldChoice),
  createTime: z.string(),
});
export type TFieldSchema = z.infer<typeof ZFieldSchema>;

/** GET contacts/schemas?scope=contact_profile&owner= */
export const ZFieldSchemasQuery = z.object({
  scope: z.literal('contact_profile').default('contact_profile'),
  owner: z.string().max(64).optional(),
});
export const ZFieldSchemasResponse = z.object({ schemas: z.array(ZFieldSchema), groupOwnerId: z.string() });
export const ZFieldSchemaResponse = z.object({ schema: ZFieldSchema });
export type TFieldSchemasResponse = z.infer<typeof ZFieldSchemasResponse>;

const ZFieldName = ZName(CONTACT_LIMITS.fieldNameLength);
/** Choices without an id are new; the server gives them one. */
const ZChoiceInput = z.strictObject({ id: ZFieldChoice.shape.id.optional(), label: ZFieldChoice.shape.label });

/** POST contacts/schemas: a new field. Choice fields need at least one choice. */
export const ZCreateFieldRequest = z.strictObject({
  name: ZFieldName,
  type: z.enum(FIELD_TYPES),
  choices: z.array(ZChoiceInput).max(CONTACT_LIMITS.choicesPerField).default([]),
});
export type TCreateFieldRequest = z.infer<typeof ZCreateFieldRequest>;

/** PUT contacts/schemas/{fieldId}: rename, or change a choice field's choices. The type never changes. */
export const ZUpdateFieldRequest = z.strictObject({
  name: ZFieldName.optional(),
  choices: z.array(ZChoiceInput).max(CONTACT_LIMITS.choicesPerField).optional(),
});
export type TUpdateFieldRequest = z.infer<typeof ZUpdateFieldRequest>;

/**
 * A stored custom field value: text and date (YYYY-MM-DD) are strings, numbers are numbers,
 * a single choice is a choice id, a multiple choice is a list of choice ids.
 */
export const ZFieldValue = z.union([
  z.string().max(CONTACT_LIMITS.textValueLength),
  z.number().finite(),
  z.array(z.string().max(12)).max(CONTACT_LIMITS.choicesPerField),
]);
export type TFieldValue = z.infer<typeof ZFieldValue>;

/** The contact as the API shows it in lists and search results. */
export const ZContact = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /** E.164, e.g. +85291234567. */
  mobile: z.string().nullable(),
  emailSubscribe: z.boolean(),
  smsSubscribe: z.boolean(),
  emailBounce: z.enum(BOUNCE_STATUSES),
  smsBounce: z.enum(BOUNCE_STATUSES),
  fields: z.record(z.string(), ZFieldValue),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/**
 * POST contacts and PUT contacts/{id}. `mobile` may be national (then `mobileCountry`, an ISO
 * 3166 alpha-2 code, says whose) or international with a leading +. `fields` is keyed by field
 * id; null clears a value. `groupIds` (snapshot groups) sets the contact's memberships.
 */
export const ZContactInput = z.strictObject({
  email: z.union([ZEmail, z.literal('').transform(() => null), z.null()]).optional(),
  mobile: z.string().trim().max(32).nullable().optional(),
  mobileCountry: z.string().regex(/^[A-Z]{2}$/).optional(),
  emailSubscribe: z.boolean().optional(),
  smsSubscribe: z.boolean().optional(),
  fields: z.record(z.string().max(64), z.union([ZFieldValue, z.null()])).optional(),
  groupIds: z.array(ZId).max(CONTACT_LIMITS.groupsPerContactInput).optional(),
});
export type TContactInput = z.infer<typeof ZContactInput>;

/** PUT contacts/{id} may also reset a bounce (the reset-status dialog re-enables an address). */
export const ZUpdateContactRequest = ZContactInput.extend({
  emailBounce: z.literal('none').optional(),
  smsBounce: z.literal('none').optional(),
});
export type TUpdateContactRequest = z.infer<typeof ZUpdateContactRequest>;

export const ZContactResponse = z.object({ contact: ZContact });

/** DELETE contacts: body ids. Deleting contacts removes them from every group. */
export const ZDeleteContactsRequest = z.strictObject({ ids: z.array(ZId).min(1).max(CONTACT_LIMITS.bulkIds) });
export const ZDeleteContactsResponse = z.object({ deleted: z.number().int() });

/** One entry of the profile (spec §3: value, subscribe, bounceStatus, name). */
export const ZProfileEntry = z.object({
  name: z.string(),
  value: ZFieldValue.nullable(),
  subscribe: z.boolean().optional(),
  bounceStatus: z.enum(BOUNCE_STATUSES).optional(),
});

/** GET contacts/details/{contactId}?owner= */
export const ZContactDetailsResponse = z.object({
  contact: z.object({
    id: z.string(),
    primary: z.array(ZProfileEntry),
    custom: z.array(ZProfileEntry),
    groups: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
    createTime: z.string(),
    updateTime: z.string(),
  }),
  schemas: z.array(ZFieldSchema),
  groupOwnerId: z.string(),
});
export type TContactDetailsResponse = z.infer<typeof ZContactDetailsResponse>;
export const ZContactDetailsQuery = z.object({ owner: z.string().max(64).optional() });
