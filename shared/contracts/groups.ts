/** Groups (spec §3 "Group") and the recipient count of a campaign's selection (spec §3 "Recipient selection"). */
import { ZOk } from '../schemas/common.js';
import { ZContactSearchResponse, ZCountResponse } from '../schemas/contact-search.js';
import {
  ZCreateGroupRequest,
  ZGroupContactsRequest,
  ZGroupListQuery,
  ZGroupListResponse,
  ZGroupMembersRequest,
  ZGroupResponse,
  ZRecipientCountRequest,
  ZUpdateGroupRequest,
} from '../schemas/groups.js';
import { defineGroup, route, section } from './route.js';

export const groups = defineGroup('groups', {
  list: route({ method: 'GET', path: 'groups', access: section('group', 'read'), query: ZGroupListQuery, answer: ZGroupListResponse }),
  create: route({ method: 'POST', path: 'groups', access: section('group', 'write'), body: ZCreateGroupRequest, answer: ZGroupResponse, status: 201 }),
  get: route({ method: 'GET', path: 'groups/{groupId}', access: section('group', 'read'), answer: ZGroupResponse }),
  update: route({ method: 'PUT', path: 'groups/{groupId}', access: section('group', 'write'), body: ZUpdateGroupRequest, answer: ZGroupResponse }),
  delete: route({ method: 'DELETE', path: 'groups/{groupId}', access: section('group', 'delete'), answer: ZOk }),
  count: route({ method: 'GET', path: 'groups/{groupId}/count', access: section('group', 'read'), answer: ZCountResponse }),
  // A page of the group's members: the contact search without groupId; an empty body asks for the first page.
  contacts: route({
    method: 'POST',
    path: 'groups/{groupId}/contacts',
    access: section('group', 'read'),
    body: ZGroupContactsRequest.prefault({}),
    answer: ZContactSearchResponse,
  }),
  changeMembers: route({ method: 'POST', path: 'groups/{groupId}/members', access: section('group', 'write'), body: ZGroupMembersRequest, answer: ZGroupResponse }),
  countRecipients: route({ method: 'POST', path: 'recipients/count', access: section('group', 'read'), body: ZRecipientCountRequest, answer: ZCountResponse }),
});
