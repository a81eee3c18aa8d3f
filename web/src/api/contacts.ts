/**
 * Contacts and their custom fields (spec §3 "Contact profile", §7). Every swr key starts with a
 * path under CONTACTS_AREA, so one change revalidates every list, count and profile shown anywhere
 * (revalidateContacts).
 */
import { mutate } from 'swr';
import { contacts } from '../../../shared/contracts/contacts.js';
import { dashboard } from '../../../shared/contracts/dashboard.js';
import { groups } from '../../../shared/contracts/groups.js';
import type { TContactFilter, TContactSearchRequest } from '../../../shared/schemas/contact-search.js';
import type { TContact, TContactDetailsResponse, TContactInput, TCreateFieldRequest, TFieldSchema, TUpdateContactRequest, TUpdateFieldRequest } from '../../../shared/schemas/contacts.js';
import { callRoute, isRouteKey, keyPath, pathOf, useRoute } from './routes.js';

export type { TContact, TContactDetailsResponse, TContactFilter, TContactSearchRequest, TFieldSchema };

/** Every contacts route's path begins here (the create route's path is the area itself). */
export const CONTACTS_AREA = contacts.routes.create.path;

function isDetailsKeyOf(key: unknown, ids: readonly string[]): boolean {
  return isRouteKey(key, contacts.routes.details) && ids.some((contactId) => keyPath(key) === pathOf(contacts.routes.details, { params: { contactId } }));
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
    // Contacts in a group change with contacts too (deleted contacts leave every group), and a
    // campaign's recipient count counts contacts (an import into an included group raises it).
    return (
      path.startsWith(CONTACTS_AREA) ||
      path.startsWith(groups.routes.list.path) ||
      path === dashboard.routes.summary.path ||
      path === groups.routes.countRecipients.path
    );
  });
}

/** The account's custom fields (spec §3 "schemas"), in the order the account created them. */
export function useFieldSchemas() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(contacts.routes.listFields, {});
  return { schemas: data?.schemas, groupOwnerId: data?.groupOwnerId, error, isLoading, refetch: () => revalidate() };
}

export async function createField(request: TCreateFieldRequest): Promise<TFieldSchema> {
  const { schema } = await callRoute(contacts.routes.createField, { body: request });
  await revalidateContacts();
  return schema;
}

/** Renames a field or changes its choices; the type never changes. */
export async function updateField(fieldId: string, request: TUpdateFieldRequest): Promise<TFieldSchema> {
  const { schema } = await callRoute(contacts.routes.updateField, { params: { fieldId }, body: request });
  await revalidateContacts();
  return schema;
}

/** Deletes a field and every value stored in it. */
export async function deleteField(fieldId: string): Promise<void> {
  await callRoute(contacts.routes.deleteField, { params: { fieldId } });
  await revalidateContacts();
}

/**
 * One page of contacts; `request.cursor` continues from the previous page. The previous page
 * stays on screen while the next one loads (`isValidating` says a page is on its way).
 */
export function useContactSearch(request: TContactSearchRequest) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useRoute(contacts.routes.search, { body: request }, { keepPreviousData: true });
  return { page: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/**
 * How many contacts a filter selects; asked separately so a page never waits for the count.
 * Undefined while a new filter is counted: another filter's total would misstate this one's.
 */
export function useContactCount(filter: TContactFilter) {
  const { data, error } = useRoute(contacts.routes.count, { body: filter });
  return { count: data?.count, error };
}

/** A contact's profile: its entries, groups and the account's fields; null `id` = not asked. */
export function useContactDetails(id: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(contacts.routes.details, id ? { params: { contactId: id } } : null);
  return { details: data, error, isLoading, refetch: () => revalidate() };
}

export async function createContact(input: TContactInput): Promise<TContact> {
  const { contact } = await callRoute(contacts.routes.create, { body: input });
  await revalidateContacts();
  return contact;
}

/** Changes only the keys given; `emailBounce: 'none'` re-enables a bounced address (spec §2.6). */
export async function updateContact(id: string, request: TUpdateContactRequest): Promise<TContact> {
  const { contact } = await callRoute(contacts.routes.update, { params: { contactId: id }, body: request });
  await revalidateContacts();
  return contact;
}

/** Deletes contacts (at most CONTACT_LIMITS.bulkIds at once); they leave every group. */
export async function deleteContacts(ids: readonly string[]): Promise<number> {
  const { deleted } = await callRoute(contacts.routes.delete, { body: { ids: [...ids] } });
  await revalidateContacts(ids);
  return deleted;
}
