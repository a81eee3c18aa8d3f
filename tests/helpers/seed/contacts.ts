/**
 * Contacts, custom fields and groups for tests: made through the API as the caller (so they are the
 * account's own), through the contacts service, or written in bulk to the store for the send pipeline.
 */
import { allocateContactIds, getContact, writeNewContacts } from '../../../functions/data/contacts.js';
import { createContact } from '../../../functions/services/contacts/contacts.js';
import type { z } from 'zod';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import type { TContact, TFieldSchema, ZContactInput, ZCreateFieldRequest } from '../../../shared/schemas/contacts.js';
import type { TGroup, ZCreateGroupRequest } from '../../../shared/schemas/groups.js';
import { assertStatus, call, type ApiClient, type Caller } from '../api.js';
import type { Actor } from './accounts.js';

/** Creates a contact through the API, failing with the API's answer unless it was created. */
export async function seedContact(api: ApiClient, caller: Caller, input: z.input<typeof ZContactInput>): Promise<TContact> {
  const answer = await call<{ contact: TContact }>(api, caller, 'POST', '/contacts', input);
  assertStatus(answer, 201);
  return answer.body.contact;
}

/** Creates a custom contact field through the API. */
export async function seedField(api: ApiClient, caller: Caller, input: z.input<typeof ZCreateFieldRequest>): Promise<TFieldSchema> {
  const answer = await call<{ schema: TFieldSchema }>(api, caller, 'POST', '/contacts/schemas', input);
  assertStatus(answer, 201);
  return answer.body.schema;
}

/** Creates a group through the API. */
export async function seedGroup(api: ApiClient, caller: Caller, input: z.input<typeof ZCreateGroupRequest>): Promise<TGroup> {
  const answer = await call<{ group: TGroup }>(api, caller, 'POST', '/groups', input);
  assertStatus(answer, 201);
  return answer.body.group;
}

/** A snapshot group named `name` of new contacts made from `inputs`. */
export async function seedGroupOf(api: ApiClient, caller: Caller, name: string, inputs: ReadonlyArray<z.input<typeof ZContactInput>>): Promise<TGroup> {
  const contactIds: string[] = [];
  for (const input of inputs) contactIds.push((await seedContact(api, caller, input)).id);
  return seedGroup(api, caller, { type: 'S', name, contactIds });
}

/** A contact made by the contacts service (no session needed), with the first name Ada; answers its id. */
export async function newContact(actor: Actor, input: { email?: string; mobile?: string }): Promise<number> {
  const contact = await createContact({ tuid: actor.tuid, input: { ...input, fields: { f1: 'Ada' } }, now: new Date() });
  return Number(contact.id);
}

/** A contact as the store holds it; fails unless it exists. */
export async function contactOf(actor: Actor, contactId: number) {
  const contact = await getContact(actor.tuid, contactId);
  if (!contact) throw new Error(`no contact ${contactId}`);
  return contact;
}

/** `count` contacts written in bulk with emails `c<n>@example.com` (or as `emailOf` says) and the mobiles `mobileOf` gives; `unsubscribed` picks some out. */
export async function seedContacts(
  tuid: string,
  count: number,
  options: { emailOf?: (n: number) => string | null; mobileOf?: (n: number) => string | null; unsubscribed?: (n: number) => boolean } = {},
): Promise<ContactRecord[]> {
  const first = await allocateContactIds(tuid, count);
  const now = Date.now();
  const contacts: ContactRecord[] = Array.from({ length: count }, (_, n) => ({
    id: first + n,
    email: options.emailOf ? options.emailOf(n) : `c${first + n}@example.com`,
    mobile: options.mobileOf?.(n) ?? null,
    emailSubscribe: !(options.unsubscribed?.(n) ?? false),
    smsSubscribe: !(options.unsubscribed?.(n) ?? false),
    emailBounce: 'none',
    smsBounce: 'none',
    fields: { f1: `Name${first + n}` },
    createTime: now,
    updateTime: now,
  }));
  await writeNewContacts(tuid, contacts);
  return contacts;
}
