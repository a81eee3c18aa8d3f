import {
  ZCreateGroupRequest,
  ZGroupContactsRequest,
  ZGroupListQuery,
  ZGroupMembersRequest,
  ZRecipientCountRequest,
  ZUpdateGroupRequest,
} from '../../shared/schemas/groups.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import {
  changeGroupMembers,
  countGroup,
  createGroup,
  deleteGroup,
  getGroupDetails,
  listGroupContacts,
  listGroupsPage,
  updateGroup,
} from '../services/groups.js';
import { countRecipients } from '../services/recipients.js';

const API = '/api/v1/pageBasedAPI';
const GROUPS = `${API}/groups`;

const tuidOf = (request: ApiRequest) => claimsOf(request).tuid;
const groupIdOf = (request: ApiRequest) => request.params.groupId ?? '';

export const handler = createApiHandler('groups', {
  [`GET ${GROUPS}`]: async (request) => listGroupsPage({ tuid: tuidOf(request), ...parseInput(ZGroupListQuery, request.query) }),
  [`POST ${GROUPS}`]: async (request) =>
    HttpAnswer.json({ group: await createGroup({ tuid: tuidOf(request), input: parseInput(ZCreateGroupRequest, request.body), now: new Date() }) }, 201),
  [`GET ${GROUPS}/{groupId}`]: async (request) => ({ group: await getGroupDetails(tuidOf(request), groupIdOf(request)) }),
  [`PUT ${GROUPS}/{groupId}`]: async (request) => ({
    group: await updateGroup({ tuid: tuidOf(request), groupId: groupIdOf(request), input: parseInput(ZUpdateGroupRequest, request.body), now: new Date() }),
  }),
  [`DELETE ${GROUPS}/{groupId}`]: async (request) => {
    await deleteGroup({ tuid: tuidOf(request), groupId: groupIdOf(request) });
    return { success: true };
  },
  [`GET ${GROUPS}/{groupId}/count`]: async (request) => ({ count: await countGroup(tuidOf(request), groupIdOf(request)) }),
  [`POST ${GROUPS}/{groupId}/contacts`]: async (request) =>
    listGroupContacts({ tuid: tuidOf(request), groupId: groupIdOf(request), request: parseInput(ZGroupContactsRequest, request.body ?? {}) }),
  [`POST ${GROUPS}/{groupId}/members`]: async (request) => ({
    group: await changeGroupMembers({ tuid: tuidOf(request), groupId: groupIdOf(request), ...parseInput(ZGroupMembersRequest, request.body) }),
  }),
  [`POST ${API}/recipients/count`]: async (request) => {
    const { channel, selection } = parseInput(ZRecipientCountRequest, request.body);
    return { count: await countRecipients({ tuid: tuidOf(request), channel, selection }) };
  },
});
