import { z } from 'zod';
import { CONTACT_LIMITS, LIST_PAGE_SIZE } from '../constants.js';
import { ZName } from './common.js';
import { ZConditionTree, ZContactFilter, ZContactSearchRequest } from './contact-search.js';
import { CHANNELS } from './contacts.js';

/**
 * Groups (spec §3 "Group (MailingList)"): type D is an auto-update group that stores only its
 * conditions; type S is a snapshot group whose members are edited by hand. The two system lists
 * are non-editable auto-update groups.
 */
export const GROUP_TYPES = ['S', 'D'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** Ids of the system lists 'All Contacts with Emails' and 'All Contacts with Mobile'. */
export const SYSTEM_GROUP_IDS = { withEmail: 'system-email', withMobile: 'system-mobile' } as const;

export const ZGroupName = ZName(CONTACT_LIMITS.groupNameLength);

export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  /** False for the system lists. */
  editable: z.boolean(),
  conditions: ZConditionTree.nullable(),
  /** Members now; null for an auto-update group until counted (GET groups/{id}/count). */
  count: z.number().int().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** GET groups?page=&limit=&search=&type= */
export const ZGroupListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  type: z.enum(GROUP_TYPES).optional(),
});
export const ZGroupListResponse = z.object({ data: z.array(ZGroup), total: z.number().int() });
export type TGroupListResponse = z.infer<typeof ZGroupListResponse>;

/**
 * POST groups. A snapshot group may start with chosen contacts (`contactIds`) or with everything a
 * search selects (`fromSearch`: "save the result as a snapshot group"); an auto-update group needs
 * its conditions.
 */
export const ZCreateGroupRequest = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('S'),
    name: ZGroupName,
    contactIds: z.array(z.string().min(1).max(64)).max(CONTACT_LIMITS.bulkIds).optional(),
    fromSearch: ZContactFilter.optional(),
  }),
  z.strictObject({ type: z.literal('D'), name: ZGroupName, conditions: ZConditionTree }),
]);
export type TCreateGroupRequest = z.infer<typeof ZCreateGroupRequest>;

/** PUT groups/{id}: rename; an auto-update group may also change its conditions. */
export const ZUpdateGroupRequest = z.strictObject({ name: ZGroupName.optional(), conditions: ZConditionTree.optional() });
export type TUpdateGroupRequest = z.infer<typeof ZUpdateGroupRequest>;

/** POST groups/{id}/members: snapshot groups only. */
export const ZGroupMembersRequest = z
  .strictObject({
    add: z.array(z.string().min(1).max(64)).max(CONTACT_LIMITS.bulkIds).optional(),
    remove: z.array(z.string().min(1).max(64)).max(CONTACT_LIMITS.bulkIds).optional(),
    addFromSearch: ZContactFilter.optional(),
  })
  .refine((body) => body.add !== undefined || body.remove !== undefined || body.addFromSearch !== undefined, {
    message: 'add, remove or addFromSearch is required',
  });
export type TGroupMembersRequest = z.infer<typeof ZGroupMembersRequest>;

export const ZGroupResponse = z.object({ group: ZGroup });
export type TGroupResponse = z.infer<typeof ZGroupResponse>;

/** POST groups/{id}/contacts: a page of the group's members (the contact search without groupId). */
export const ZGroupContactsRequest = ZContactSearchRequest.omit({ groupId: true });

/** A campaign in a recipient selection (spec §3). */
export const ZCampaignRef = z.object({ id: z.string().min(1).max(64), title: z.string().max(200).optional(), type: z.string().max(20).optional() });

/** Recipient selection (spec §3): resolved to a deduplicated set of reachable contacts. */
export const ZRecipientSelection = z.strictObject({
  includedGroup: z.array(z.string().min(1).max(64)).max(CONTACT_LIMITS.selectionEntries).default([]),
  excludedGroup: z.array(z.string().min(1).max(64)).max(CONTACT_LIMITS.selectionEntries).default([]),
  includedCampaign: z.array(ZCampaignRef).max(CONTACT_LIMITS.selectionEntries).default([]),
  excludedCampaign: z.array(ZCampaignRef).max(CONTACT_LIMITS.selectionEntries).default([]),
});
export type TRecipientSelection = z.infer<typeof ZRecipientSelection>;

/** POST recipients/count: how many contacts a campaign on this channel would reach. */
export const ZRecipientCountRequest = z.strictObject({ channel: z.enum(CHANNELS), selection: ZRecipientSelection });
