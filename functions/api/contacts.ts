import { contacts } from '../../shared/contracts/contacts.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { createContactField, deleteContactField, listFieldSchemas, updateContactField } from '../services/contacts/contact-fields.js';
import { countContacts, loadFilterContext, searchContacts } from '../services/contacts/contact-search.js';
import { createContact, deleteContacts, getContactDetails, updateContact } from '../services/contacts/contacts.js';

export const handler = createApiHandler(contacts, {
  listFields: async ({ caller, query }) => listFieldSchemas({ tuid: caller.tuid, owner: query.owner }),
  createField: async ({ caller, body, now }) => ({ schema: await createContactField({ tuid: caller.tuid, input: body, now }) }),
  updateField: async ({ caller, params, body }) => ({ schema: await updateContactField({ tuid: caller.tuid, fieldId: params.fieldId, input: body }) }),
  deleteField: async ({ caller, params }) => {
    await deleteContactField({ tuid: caller.tuid, fieldId: params.fieldId });
    return OK;
  },
  search: async ({ caller, body }) => searchContacts({ context: await loadFilterContext(caller.tuid), request: body }),
  count: async ({ caller, body }) => ({ count: await countContacts({ context: await loadFilterContext(caller.tuid), filter: body }) }),
  details: async ({ caller, params, query }) => getContactDetails({ tuid: caller.tuid, id: params.contactId, owner: query.owner }),
  create: async ({ caller, body, now }) => ({ contact: await createContact({ tuid: caller.tuid, input: body, now }) }),
  update: async ({ caller, params, body, now }) => ({ contact: await updateContact({ tuid: caller.tuid, id: params.contactId, input: body, now }) }),
  delete: async ({ caller, body, now }) => deleteContacts({ tuid: caller.tuid, ids: body.ids, now }),
});
