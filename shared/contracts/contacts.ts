/** Contacts and custom fields (spec §3 "Contact profile", §7 "Reports and contacts"). */
import { ZOk } from '../schemas/common.js';
import { ZContactCountRequest, ZContactSearchRequest, ZContactSearchResponse, ZCountResponse } from '../schemas/contact-search.js';
import {
  ZContactDetailsQuery,
  ZContactDetailsResponse,
  ZContactInput,
  ZContactResponse,
  ZCreateFieldRequest,
  ZDeleteContactsRequest,
  ZDeleteContactsResponse,
  ZFieldSchemaResponse,
  ZFieldSchemasQuery,
  ZFieldSchemasResponse,
  ZUpdateContactRequest,
  ZUpdateFieldRequest,
} from '../schemas/contacts.js';
import { SESSION, defineGroup, route, section } from './route.js';

export const contacts = defineGroup('contacts', {
  // Field definitions are readable by any signed-in user: templates need them for merge tags.
  listFields: route({ method: 'GET', path: 'contacts/schemas', access: SESSION, query: ZFieldSchemasQuery, answer: ZFieldSchemasResponse }),
  createField: route({ method: 'POST', path: 'contacts/schemas', access: section('contact', 'write'), body: ZCreateFieldRequest, answer: ZFieldSchemaResponse, status: 201 }),
  updateField: route({ method: 'PUT', path: 'contacts/schemas/{fieldId}', access: section('contact', 'write'), body: ZUpdateFieldRequest, answer: ZFieldSchemaResponse }),
  deleteField: route({ method: 'DELETE', path: 'contacts/schemas/{fieldId}', access: section('contact', 'delete'), answer: ZOk }),
  search: route({ method: 'POST', path: 'contacts/search', access: section('contact', 'read'), body: ZContactSearchRequest.prefault({}), answer: ZContactSearchResponse }),
  count: route({ method: 'POST', path: 'contacts/count', access: section('contact', 'read'), body: ZContactCountRequest.prefault({}), answer: ZCountResponse }),
  details: route({ method: 'GET', path: 'contacts/details/{contactId}', access: section('contact', 'read'), query: ZContactDetailsQuery, answer: ZContactDetailsResponse }),
  create: route({ method: 'POST', path: 'contacts', access: section('contact', 'write'), body: ZContactInput, answer: ZContactResponse, status: 201 }),
  update: route({ method: 'PUT', path: 'contacts/{contactId}', access: section('contact', 'write'), body: ZUpdateContactRequest, answer: ZContactResponse }),
  delete: route({ method: 'DELETE', path: 'contacts', access: section('contact', 'delete'), body: ZDeleteContactsRequest, answer: ZDeleteContactsResponse }),
});
