import { ZContactCountRequest, ZContactSearchRequest } from '../../shared/schemas/contact-search.js';
import {
  ZContactDetailsQuery,
  ZContactInput,
  ZCreateFieldRequest,
  ZDeleteContactsRequest,
  ZFieldSchemasQuery,
  ZUpdateContactRequest,
  ZUpdateFieldRequest,
} from '../../shared/schemas/contacts.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { createContactField, deleteContactField, listContactFields, updateContactField } from '../services/contact-fields.js';
import { countContacts, loadFilterContext, searchContacts } from '../services/contact-search.js';
import { createContact, deleteContacts, getContactDetails, updateContact } from '../services/contacts.js';

const CONTACTS = '/api/v1/pageBasedAPI/contacts';

const tuidOf = (request: ApiRequest) => claimsOf(request).tuid;

export const handler = createApiHandler('contacts', {
  [`GET ${CONTACTS}/schemas`]: async (request) => {
    const { owner } = parseInput(ZFieldSchemasQuery, request.query);
    const tuid = tuidOf(request);
    // Only the account acted on is readable; another owner's schema answers as missing.
    return { schemas: owner && owner !== tuid ? [] : await listContactFields(tuid), groupOwnerId: tuid };
  },
  [`POST ${CONTACTS}/schemas`]: async (request) =>
    HttpAnswer.json({ schema: await createContactField({ tuid: tuidOf(request), input: parseInput(ZCreateFieldRequest, request.body), now: new Date() }) }, 201),
  [`PUT ${CONTACTS}/schemas/{fieldId}`]: async (request) => ({
    schema: await updateContactField({ tuid: tuidOf(request), fieldId: request.params.fieldId ?? '', input: parseInput(ZUpdateFieldRequest, request.body) }),
  }),
  [`DELETE ${CONTACTS}/schemas/{fieldId}`]: async (request) => {
    await deleteContactField({ tuid: tuidOf(request), fieldId: request.params.fieldId ?? '' });
    return { success: true };
  },
  [`POST ${CONTACTS}/search`]: async (request) => {
    const input = parseInput(ZContactSearchRequest, request.body ?? {});
    return searchContacts(await loadFilterContext(tuidOf(request)), input);
  },
  [`POST ${CONTACTS}/count`]: async (request) => {
    const filter = parseInput(ZContactCountRequest, request.body ?? {});
    return { count: await countContacts(await loadFilterContext(tuidOf(request)), filter) };
  },
  [`GET ${CONTACTS}/details/{contactId}`]: async (request) =>
    getContactDetails({ tuid: tuidOf(request), id: request.params.contactId ?? '', owner: parseInput(ZContactDetailsQuery, request.query).owner }),
  [`POST ${CONTACTS}`]: async (request) =>
    HttpAnswer.json({ contact: await createContact({ tuid: tuidOf(request), input: parseInput(ZContactInput, request.body), now: new Date() }) }, 201),
  [`PUT ${CONTACTS}/{contactId}`]: async (request) => ({
    contact: await updateContact({ tuid: tuidOf(request), id: request.params.contactId ?? '', input: parseInput(ZUpdateContactRequest, request.body), now: new Date() }),
  }),
  [`DELETE ${CONTACTS}`]: async (request) => deleteContacts({ tuid: tuidOf(request), ids: parseInput(ZDeleteContactsRequest, request.body).ids }),
});
