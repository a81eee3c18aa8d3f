import { groups } from '../../shared/contracts/groups.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import {
  changeGroupMembers,
  countGroup,
  createGroup,
  deleteGroup,
  getGroupDetails,
  listGroupContacts,
  listGroupsPage,
  updateGroup,
} from '../services/contacts/groups.js';
import { countRecipients } from '../services/contacts/recipients.js';

export const handler = createApiHandler(groups, {
  list: async ({ caller, query }) => listGroupsPage({ tuid: caller.tuid, ...query }),
  create: async ({ caller, body, now }) => ({ group: await createGroup({ tuid: caller.tuid, input: body, now }) }),
  get: async ({ caller, params }) => ({ group: await getGroupDetails({ tuid: caller.tuid, groupId: params.groupId }) }),
  update: async ({ caller, params, body, now }) => ({ group: await updateGroup({ tuid: caller.tuid, groupId: params.groupId, input: body, now }) }),
  delete: async ({ caller, params }) => {
    await deleteGroup({ tuid: caller.tuid, groupId: params.groupId });
    return OK;
  },
  count: async ({ caller, params }) => ({ count: await countGroup({ tuid: caller.tuid, groupId: params.groupId }) }),
  contacts: async ({ caller, params, body }) => listGroupContacts({ tuid: caller.tuid, groupId: params.groupId, request: body }),
  changeMembers: async ({ caller, params, body }) => ({ group: await changeGroupMembers({ tuid: caller.tuid, groupId: params.groupId, ...body }) }),
  countRecipients: async ({ caller, body }) => ({ count: await countRecipients({ tuid: caller.tuid, ...body }) }),
});
