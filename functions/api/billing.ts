import { billing } from '../../shared/contracts/billing.js';
import { createApiHandler } from '../lib/http.js';
import {
  addRecipient,
  deleteRecipient,
  editBillingInfo,
  editRecipient,
  listRecipients,
  putBillingInfo,
  readBillingInfo,
  resetRecipient,
} from '../services/billing/billing-details.js';

export const handler = createApiHandler(billing, {
  getBillingInfo: async ({ caller }) => readBillingInfo({ tuid: caller.tuid }),
  putBillingInfo: async ({ caller, body, now }) => putBillingInfo({ tuid: caller.tuid, info: body, now }),
  editBillingInfo: async ({ caller, body, now }) =>
    editBillingInfo({ tuid: caller.tuid, edit: { name: body.name, company: body.company, addressOne: body.address1 }, now }),
  listRecipients: async ({ caller }) => listRecipients({ tuid: caller.tuid }),
  addRecipient: async ({ caller, body, now }) => addRecipient({ tuid: caller.tuid, name: body.name, email: body.email, now }),
  editRecipient: async ({ caller, body }) => editRecipient({ tuid: caller.tuid, id: body.id, name: body.name, email: body.email }),
  deleteRecipient: async ({ caller, body }) => deleteRecipient({ tuid: caller.tuid, id: body.id }),
  resetRecipient: async ({ caller, body }) => resetRecipient({ tuid: caller.tuid, id: body.id, email: body.email }),
});
