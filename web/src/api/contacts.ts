/**
 * Contacts and their custom fields (docs/api-contract.md issue 4; spec §3 "Contact profile", §7).
 * Every swr key starts with a path under CONTACTS_PATH, so one change revalidates every list,
 * count and profile shown anywhere (revalidateContacts).
 */
import useSWR, { mutate } from 'swr';
import type { TContactFilter, TContactSearchRequest, TContactSearchResponse, TCountResponse } from '../../../shared/schemas/contact-search.js';
import type {
  TContact,
  TContactDetailsResponse,
  TContactInput,
  TCreateFieldRequest,
  TFieldSchema,
  TFieldSchemasResponse,
  TUpdateContactRequest,
  TUpdateFieldRequest,
} from '../../../shared/schemas/contacts.js';
import { apiRequest } from './client.js';
import { keyPath, postBody, postKey, type BodyKey } from './request-keys.js';

export type { TContact, TContactDetailsResponse, TContactFilter, TContactSearchRequest, TFieldSchema };

const CONTACTS_PATH = '/api/v1/pageBasedAPI/contacts';
const SCHEMAS_PATH = `${CONTACTS_PATH}/schemas`;
const SEARCH_PATH = `${CONTACTS_PATH}/search`;
const COUNT_PATH = `${CONTACTS_PATH}/count`;
const DETAILS_PATH = `${CONTACTS_PATH}/details`;
/** Contacts in a group change with contacts too (deleted contacts leave every group). */
const GROUPS_PATH = '/api/v1/pageBasedAPI/groups';
const DASHBOARD_SUMMARY_PATH = '/api/v1/pageBasedAPI/dashboard/summary';
/** A campaign's recipient count counts contacts (an import into an included group raises it). */
const RECIPIENTS_COUNT_PATH = '/api/v1/pageBasedAPI/recipients/count';

function isDetailsKeyOf(key: unknown, ids: readonly string[]): boolean {
  return Array.isArray(key) && key[0] === DETAILS_PATH && ids.includes(String(key[1]));
}

/**
 * Refetches whatever shows contacts, fields, group members, the contact count or a campaign's
 * recipient count. The profiles of `deletedIds` are dropped instead: a refetch would only answer
 * "record does not exist" to a page that is leaving it.
 */
export async function revalidateContacts(deletedIds: readonly string[] = []): Promise<void> {
  if (deletedIds.length > 0) await mutate((key) => isDetailsKeyOf(key, deletedIds), undefined, { revalidate: false });
  await mutate((key) => {
    const path = keyPath(key);
    if (path === null || isDetailsKeyOf(key, deletedIds)) return false;
    return path.startsWith(CONTACTS_PATH) || path.startsWith(GROUPS_PATH) || path === DASHBOARD_SUMMARY_PATH || path === RECIPIENTS_COUNT_PATH;
  });
}

/** The account's custom fields (spec §3 "schemas"), in the order the account created them. */
export function useFieldSchemas() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TFieldSchemasResponse, unknown, string>(SCHEMAS_PATH, (path) =>
    apiRequest<TFieldSchemasResponse>({ path, query: { scope: 'contact_profile' } }),
  );
  return { schemas: data?.schemas, groupOwnerId: data?.groupOwnerId, error, isLoading, refetch: () => revalidate() };
}

export async function createField(request: TCreateFieldRequest): Promise<TFieldSchema> {
  const { schema } = await apiRequest<{ schema: TFieldSchema }>({ method: 'POST', path: SCHEMAS_PATH, body: request });
  await revalidateContacts();
  return schema;
}

/** Renames a field or changes its choices; the type never changes. */
export async function updateField(fieldId: string, request: TUpdateFieldRequest): Promise<TFieldSchema> {
  const { schema } = await apiRequest<{ schema: TFieldSchema }>({ method: 'PUT', path: `${SCHEMAS_PATH}/${encodeURIComponent(fieldId)}`, body: request });
  await revalidateContacts();
  return schema;
}

/** Deletes a field and every value stored in it. */
export async function deleteField(fieldId: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: `${SCHEMAS_PATH}/${encodeURIComponent(fieldId)}` });
  await revalidateContacts();
}

/**
 * One page of contacts; `request.cursor` continues from the previous page. The previous page
 * stays on screen while the next one loads (`isValidating` says a page is on its way).
 */
export function useContactSearch(request: TContactSearchRequest) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useSWR<TContactSearchResponse, unknown, BodyKey>(
    postKey(SEARCH_PATH, request),
    postBody,
    { keepPreviousData: true },
  );
  return { page: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/** How many contacts a filter selects; asked separately so a page never waits for the count. */
export function useContactCount(filter: TContactFilter) {
  const { data, error } = useSWR<TCountResponse, unknown, BodyKey>(postKey(COUNT_PATH, filter), postBody, { keepPreviousData: true });
  return { count: data?.count, error };
}

/** A contact's profile: its entries, groups and the account's fields; null `id` = not asked. */
export function useContactDetails(id: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TContactDetailsResponse, unknown, readonly [string, string] | null>(
    id ? [DETAILS_PATH, id] : null,
    ([path, contactId]) => apiRequest<TContactDetailsResponse>({ path: `${path}/${encodeURIComponent(contactId)}` }),
  );
  return { details: data, error, isLoading, refetch: () => revalidate() };
}

export async function createContact(input: TContactInput): Promise<TContact> {
  const { contact } = await apiRequest<{ contact: TContact }>({ method: 'POST', path: CONTACTS_PATH, body: input });
  await revalidateContacts();
  return contact;
}

/** Changes only the keys given; `emailBounce: 'none'` re-enables a bounced address (spec §2.6). */
export async function updateContact(id: string, request: TUpdateContactRequest): Promise<TContact> {
  const { contact } = await apiRequest<{ contact: TContact }>({ method: 'PUT', path: `${CONTACTS_PATH}/${encodeURIComponent(id)}`, body: request });
  await revalidateContacts();
  return contact;
}

/** Deletes contacts (at most CONTACT_LIMITS.bulkIds at once); they leave every group. */
export async function deleteContacts(ids: readonly string[]): Promise<number> {
  const { deleted } = await apiRequest<{ deleted: number }>({ method: 'DELETE', path: CONTACTS_PATH, body: { ids } });
  await revalidateContacts(ids);
  return deleted;
}
