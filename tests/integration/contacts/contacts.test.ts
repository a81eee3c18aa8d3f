/**
 * Contacts, custom fields, groups, search and recipient resolution through the real handlers
 * against DynamoDB Local: identity rules under concurrency, paging, conditions, group kinds,
 * the free contact limit, tenant isolation, and bad input that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount, updateAccount } from '../../../functions/data/accounts.js';
import { changeContactSet } from '../../../functions/data/contact-sets.js';
import { campaignAudienceSetId, resolveRecipients } from '../../../functions/services/contacts/recipients.js';
import { FREE_CONTACT_LIMIT } from '../../../shared/constants.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TConditionTree, TContactSearchResponse } from '../../../shared/schemas/contact-search.js';
import type { TContact, TContactDetailsResponse, TFieldSchema } from '../../../shared/schemas/contacts.js';
import type { TGroup, TGroupListResponse } from '../../../shared/schemas/groups.js';
import type { TGlobalSearchResponse } from '../../../shared/schemas/search.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { seedContact, seedField, seedGroup } from '../../helpers/seed/contacts.js';
import { useTestTable } from '../../helpers/emulators.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

type Account = Actor;
const signUp = () => signUpAs(api, 'contacts tester');

const search = (account: Account, body: Record<string, unknown>) => call<TContactSearchResponse>(api, account, 'POST', '/contacts/search', body);
const count = async (account: Account, body: Record<string, unknown>) => (await call<{ count: number }>(api, account, 'POST', '/contacts/count', body)).body.count;

describe('contacts', () => {
  it('normalises email and mobile, keeps one contact per address even under concurrent writers', async () => {
    // Prepare
    const me = await signUp();

    // Act
    const created = await seedContact(api, me, { email: '  Ann@Example.COM ', mobile: '9123 4567', mobileCountry: 'HK' });
    const racers = await Promise.all(Array.from({ length: 6 }, () => call(api, me, 'POST', '/contacts', { email: 'race@example.com' })));
    const sameMobile = await call(api, me, 'POST', '/contacts', { mobile: '+852 9123-4567' });
    const sameEmail = await call(api, me, 'POST', '/contacts', { email: 'ann@example.com' });
    const badPhone = await call(api, me, 'POST', '/contacts', { mobile: '123' });
    const landline = await call(api, me, 'POST', '/contacts', { mobile: '2123 4567', mobileCountry: 'HK' });
    const noAddress = await call(api, me, 'POST', '/contacts', { fields: {} });

    // Assess
    expect(created).toMatchObject({ email: 'ann@example.com', mobile: '+85291234567', emailSubscribe: true, smsSubscribe: true, emailBounce: 'none' });
    expect(racers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(racers.filter((answer) => answer.status === 409).every((answer) => answer.body.statusCode === ERROR_CODES.CONTACT_EMAIL_EXISTS)).toBe(true);
    expect([sameMobile.status, sameMobile.body.statusCode]).toEqual([409, ERROR_CODES.CONTACT_MOBILE_EXISTS]);
    expect([sameEmail.status, sameEmail.body.statusCode]).toEqual([409, ERROR_CODES.CONTACT_EMAIL_EXISTS]);
    expect(badPhone.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_PHONE, message: 'Invalid Phone Number.' });
    expect(landline.body.statusCode).toBe(ERROR_CODES.INVALID_PHONE);
    expect(noAddress.body.statusCode).toBe(ERROR_CODES.CONTACT_NO_ADDRESS);
    expect(await count(me, {})).toBe(2);
    expect((await getAccount(me.tuid))?.contactCount).toBe(2);
  });

  it('edits a contact: a freed address can be reused, values are checked against their field', async () => {
    // Prepare
    const me = await signUp();
    const age = await seedField(api, me, { name: 'Age', type: 'number' });
    const tier = await seedField(api, me, { name: 'Tier', type: 'singleChoice', choices: [{ label: 'Gold' }, { label: 'Silver' }] });
    const empty = await seedField(api, me, { name: 'Hobbies', type: 'multipleChoice' });
    const birthday = await seedField(api, me, { name: 'Birthday', type: 'date' });
    const contact = await seedContact(api, me, { email: 'old@example.com', fields: { [age.id]: '41' } });

    // Act
    const edited = await call<{ contact: TContact }>(api, me, 'PUT', `/contacts/${contact.id}`, {
      email: 'new@example.com',
      smsSubscribe: false,
      fields: { [tier.id]: tier.choices[0]!.id, [birthday.id]: '1990-02-28', [age.id]: null },
    });
    const reuse = await call(api, me, 'POST', '/contacts', { email: 'old@example.com' });
    const notNumber = await call(api, me, 'PUT', `/contacts/${contact.id}`, { fields: { [age.id]: 'forty' } });
    const noChoices = await call(api, me, 'PUT', `/contacts/${contact.id}`, { fields: { [empty.id]: ['x'] } });
    const badDate = await call(api, me, 'PUT', `/contacts/${contact.id}`, { fields: { [birthday.id]: '1990-02-30' } });
    const unknownField = await call(api, me, 'PUT', `/contacts/${contact.id}`, { fields: { f999: 'x' } });
    const unknownKey = await call(api, me, 'PUT', `/contacts/${contact.id}`, { nickname: 'x' });
    const details = await call<TContactDetailsResponse>(api, me, 'GET', `/contacts/details/${contact.id}?owner=${me.tuid}`);

    // Assess
    expect(edited.body.contact).toMatchObject({ email: 'new@example.com', smsSubscribe: false, fields: { [tier.id]: 'c1', [birthday.id]: '1990-02-28' } });
    expect(edited.body.contact.fields[age.id]).toBeUndefined();
    expect(reuse.status).toBe(201);
    expect(notNumber.body).toMatchObject({ statusCode: ERROR_CODES.NOT_A_NUMBER, message: 'Must be a number.' });
    expect(noChoices.body).toMatchObject({ statusCode: ERROR_CODES.NO_CHOICES, message: 'There are no choices for this field yet.' });
    expect(badDate.body.statusCode).toBe(ERROR_CODES.INVALID_DATE);
    expect(unknownField.body.statusCode).toBe(ERROR_CODES.UNKNOWN_FIELD);
    expect(unknownKey.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(details.body.contact.primary).toEqual([
      { name: 'email', value: 'new@example.com', subscribe: true, bounceStatus: 'none' },
      { name: 'mobile', value: null, subscribe: false, bounceStatus: 'none' },
    ]);
    expect(details.body.contact.custom).toContainEqual({ name: tier.id, value: 'c1' });
    expect(details.body.schemas.map((field) => field.name)).toEqual(['First Name', 'Last Name', 'Age', 'Tier', 'Hobbies', 'Birthday']);
    // Nothing the refused edits carried was stored.
    const after = await call<TContactDetailsResponse>(api, me, 'GET', `/contacts/details/${contact.id}`);
    expect(after.body.contact).toEqual(details.body.contact);
  });

  it('keeps field names unique and refuses choice fields without choices in values', async () => {
    // Prepare
    const me = await signUp();
    await seedField(api, me, { name: 'Company', type: 'text' });

    // Act
    const duplicate = await call(api, me, 'POST', '/contacts/schemas', { name: ' company ', type: 'number' });
    const defaultName = await call(api, me, 'POST', '/contacts/schemas', { name: 'first name', type: 'text' });
    const textWithChoices = await call(api, me, 'POST', '/contacts/schemas', { name: 'X', type: 'text', choices: [{ label: 'a' }] });
    const schemas = await call<{ schemas: TFieldSchema[] }>(api, me, 'GET', '/contacts/schemas?scope=contact_profile');

    // Assess
    expect([duplicate.status, duplicate.body]).toEqual([409, { statusCode: ERROR_CODES.FIELD_NAME_USED, message: 'This field name is already in use' }]);
    expect(defaultName.body.statusCode).toBe(ERROR_CODES.FIELD_NAME_USED);
    expect(textWithChoices.status).toBe(400);
    expect(schemas.body.schemas.map((field) => field.name)).toEqual(['First Name', 'Last Name', 'Company']);
    // The default fields came with the account.
    expect(schemas.body.schemas[0]?.createTime).toBe((await getAccount(me.tuid))?.createTime);
  });

  it('pages newest first with a cursor, sorts by any column, quick-searches email, digits and text', async () => {
    // Prepare
    const me = await signUp();
    for (let i = 1; i <= 23; i += 1) {
      await seedContact(api, me, { email: `p${String(i).padStart(2, '0')}@example.com`, fields: { f1: i % 2 === 0 ? 'Even' : 'Odd' }, ...(i === 7 ? { mobile: '+852 6123 0007' } : {}) });
    }

    // Act
    const first = await search(me, { limit: 10 });
    const second = await search(me, { limit: 10, cursor: first.body.nextCursor });
    const third = await search(me, { limit: 10, cursor: second.body.nextCursor });
    const byEmail = await search(me, { limit: 5, sort: { field: 'email', direction: 'asc' } });
    const byEmailNext = await search(me, { limit: 5, sort: { field: 'email', direction: 'asc' }, cursor: byEmail.body.nextCursor });
    const byName = await search(me, { limit: 3, sort: { field: 'field:f1', direction: 'desc' } });
    const quick = await search(me, { quickSearch: 'P1', limit: 20 });
    const digits = await search(me, { quickSearch: '6123 0007' });
    const text = await search(me, { quickSearch: 'even', limit: 50 });
    const foreignCursor = await call(api, me, 'POST', '/contacts/search', { cursor: byEmail.body.nextCursor });

    // Assess
    const emails = (answer: { body: TContactSearchResponse }) => answer.body.data.map((contact) => contact.email);
    expect(emails(first)).toEqual(Array.from({ length: 10 }, (_, i) => `p${23 - i}@example.com`));
    expect(emails(second)[0]).toBe('p13@example.com');
    expect(emails(third)).toEqual(['p03@example.com', 'p02@example.com', 'p01@example.com']);
    expect(third.body.nextCursor).toBeNull();
    expect(emails(byEmail)).toEqual(['p01@example.com', 'p02@example.com', 'p03@example.com', 'p04@example.com', 'p05@example.com']);
    expect(emails(byEmailNext)[0]).toBe('p06@example.com');
    expect(byName.body.data.every((contact) => contact.fields.f1 === 'Odd')).toBe(true);
    expect(emails(quick).sort()).toEqual(['p10', 'p11', 'p12', 'p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'p19'].map((p) => `${p}@example.com`));
    expect(emails(digits)).toEqual(['p07@example.com']);
    expect(text.body.data).toHaveLength(11);
    expect(foreignCursor.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await count(me, { quickSearch: 'even' })).toBe(11);
  });

  it('deletes contacts, out of every group too, and frees their addresses', async () => {
    // Prepare
    const me = await signUp();
    const a = await seedContact(api, me, { email: 'a@example.com', mobile: '+85261230001' });
    const b = await seedContact(api, me, { email: 'b@example.com' });
    const group = await seedGroup(api, me, { type: 'S', name: 'Both', contactIds: [a.id, b.id] });

    // Act
    const deleted = await call<{ deleted: number }>(api, me, 'DELETE', '/contacts', { ids: [a.id, '999999', 'not-an-id'] });

    // Assess
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await call(api, me, 'GET', `/contacts/details/${a.id}`)).status).toBe(404);
    expect((await call<{ group: TGroup }>(api, me, 'GET', `/groups/${group.id}`)).body.group.count).toBe(1);
    expect((await call(api, me, 'POST', '/contacts', { email: 'a@example.com', mobile: '+85261230001' })).status).toBe(201);
    const account = await getAccount(me.tuid);
    expect([account?.contactCount, account?.emailContactCount, account?.mobileContactCount]).toEqual([2, 2, 1]);
  });
});

describe('the free contact limit', () => {
  it('tells the owner at 75% and 100% and refuses the contact beyond', async () => {
    // Prepare: the counter stands just below 75%, as if 749 contacts existed.
    const me = await signUp();
    await updateAccount(me.tuid, { contactCount: Math.ceil(FREE_CONTACT_LIMIT * 0.75) - 1 });

    // Act
    await seedContact(api, me, { email: 'seventy-five@example.com' });
    await updateAccount(me.tuid, { contactCount: FREE_CONTACT_LIMIT - 1 });
    await seedContact(api, me, { email: 'last@example.com' });
    const refused = await call(api, me, 'POST', '/contacts', { email: 'one-too-many@example.com' });

    // Assess
    expect([refused.status, refused.body.statusCode]).toEqual([403, ERROR_CODES.CONTACT_LIMIT]);
    const notices = await call<{ result: Array<{ type: string; message: { type: string } }> }>(api, me, 'GET', '/notification/pop-up?page=1&limit=10');
    expect(notices.body.result.filter((notice) => notice.type === 'contactLimit').map((notice) => notice.message.type)).toEqual(['reached100', 'reached75']);
    expect((await getAccount(me.tuid))?.contactCount).toBe(FREE_CONTACT_LIMIT);
  });

  it('tells once however many creates race past a notice, and again after deletions took the count back under it', async () => {
    // Prepare: told at 75% (750 contacts), then a deletion takes the count back to 749.
    const me = await signUp();
    await updateAccount(me.tuid, { contactCount: Math.ceil(FREE_CONTACT_LIMIT * 0.75) - 1 });
    const told = await seedContact(api, me, { email: 'told@example.com' });
    await call(api, me, 'DELETE', '/contacts', { ids: [told.id] });

    // Act: five creates at once climb past 75% again.
    await Promise.all(Array.from({ length: 5 }, (_, i) => seedContact(api, me, { email: `racer${i}@example.com` })));

    // Assess
    const notices = await call<{ result: Array<{ type: string; message: { type: string } }> }>(api, me, 'GET', '/notification/pop-up?page=1&limit=10');
    expect(notices.body.result.filter((notice) => notice.type === 'contactLimit').map((notice) => notice.message.type)).toEqual(['reached75', 'reached75']);
    expect((await getAccount(me.tuid))?.contactCount).toBe(Math.ceil(FREE_CONTACT_LIMIT * 0.75) + 4);
  });
});

describe('advanced search and groups', () => {
  it('evaluates conditions with AND/OR groups, counts, and saves them as groups of both kinds', async () => {
    // Prepare
    const me = await signUp();
    const score = await seedField(api, me, { name: 'Score', type: 'number' });
    const made: TContact[] = [];
    for (let i = 1; i <= 12; i += 1) {
      made.push(await seedContact(api, me, {
        email: `${i % 3 === 0 ? 'vip' : 'user'}${i}@example.com`,
        ...(i % 2 === 0 ? { mobile: `+8526123${String(i).padStart(4, '0')}` } : {}),
        fields: { [score.id]: i * 10 },
        emailSubscribe: i !== 6,
      }));
    }
    const conditions: TConditionTree = {
      match: 'all',
      rules: [
        { field: 'email', operator: 'startsWith', value: 'vip' },
        { match: 'any', rules: [{ field: `field:${score.id}`, operator: 'greaterThan', value: '70' }, { field: 'mobile', operator: 'isNotEmpty' }] },
      ],
    };

    // Act
    const results = await search(me, { conditions, limit: 50 });
    const matched = await count(me, { conditions });
    const auto = await seedGroup(api, me, { type: 'D', name: 'VIPs', conditions });
    const snapshot = await seedGroup(api, me, { type: 'S', name: 'VIP snapshot', fromSearch: { conditions } });
    await seedContact(api, me, { email: 'vip99@example.com', mobile: '+85261239999' });
    const autoAfter = (await call<{ group: TGroup }>(api, me, 'GET', `/groups/${auto.id}`)).body.group;
    const snapshotAfter = (await call<{ group: TGroup }>(api, me, 'GET', `/groups/${snapshot.id}`)).body.group;
    const inGroup = await count(me, { conditions: { match: 'all', rules: [{ field: 'group', operator: 'notInGroup', value: snapshot.id }] } });
    const unsubscribed = await count(me, { conditions: { match: 'all', rules: [{ field: 'email', operator: 'unsubscribed' }] } });
    const list = await call<TGroupListResponse>(api, me, 'GET', '/groups?page=1&limit=10');

    // Assess
    // vip3 has neither a score above 70 nor a mobile number.
    expect(results.body.data.map((contact) => contact.email)).toEqual(['vip12@example.com', 'vip9@example.com', 'vip6@example.com']);
    expect(matched).toBe(3);
    expect(auto.count).toBe(3);
    expect(snapshot.count).toBe(3);
    expect(autoAfter.count).toBe(4);
    expect(snapshotAfter.count).toBe(3);
    expect(inGroup).toBe(10);
    expect(unsubscribed).toBe(1);
    expect(list.body.data.slice(0, 2).map((group) => [group.id, group.name, group.editable, group.count])).toEqual([
      ['system-email', 'All Contacts with Emails', false, 13],
      ['system-mobile', 'All Contacts with Mobile', false, 7],
    ]);
    expect(list.body.total).toBe(4);
  });

  it('edits snapshot members, refuses editing system lists and auto groups, never deletes contacts with a group', async () => {
    // Prepare
    const me = await signUp();
    const [a, b, c] = [await seedContact(api, me, { email: 'a@x.com' }), await seedContact(api, me, { email: 'b@x.com' }), await seedContact(api, me, { email: 'c@x.com' })];
    const group = await seedGroup(api, me, { type: 'S', name: 'Hand picked', contactIds: [a.id] });
    const auto = await seedGroup(api, me, { type: 'D', name: 'Auto', conditions: { match: 'all', rules: [{ field: 'group', operator: 'inGroup', value: group.id }] } });

    // Act
    const added = await call<{ group: TGroup }>(api, me, 'POST', `/groups/${group.id}/members`, { add: [b.id, c.id, a.id] });
    const removed = await call<{ group: TGroup }>(api, me, 'POST', `/groups/${group.id}/members`, { remove: [c.id] });
    const members = await call<TContactSearchResponse>(api, me, 'POST', `/groups/${group.id}/contacts`, { limit: 10 });
    const systemEdit = await call(api, me, 'PUT', '/groups/system-email', { name: 'Mine' });
    const autoMembers = await call(api, me, 'POST', `/groups/${auto.id}/members`, { add: [a.id] });
    const usedGroup = await call(api, me, 'DELETE', `/groups/${group.id}`);
    const selfReference = await call(api, me, 'PUT', `/groups/${auto.id}`, { conditions: { match: 'all', rules: [{ field: 'group', operator: 'inGroup', value: auto.id }] } });
    const sameName = await call(api, me, 'POST', '/groups', { type: 'S', name: 'hand PICKED' });
    const unknownMember = await call(api, me, 'POST', `/groups/${group.id}/members`, { add: ['424242'] });
    await call(api, me, 'DELETE', `/groups/${auto.id}`);
    const deleted = await call(api, me, 'DELETE', `/groups/${group.id}`);

    // Assess
    expect(added.body.group.count).toBe(3);
    expect(removed.body.group.count).toBe(2);
    expect(members.body.data.map((contact) => contact.email)).toEqual(['b@x.com', 'a@x.com']);
    expect([systemEdit.status, systemEdit.body.statusCode]).toEqual([409, ERROR_CODES.GROUP_NOT_EDITABLE]);
    expect(autoMembers.body.statusCode).toBe(ERROR_CODES.GROUP_NOT_EDITABLE);
    expect(usedGroup.body.statusCode).toBe(ERROR_CODES.IN_USE);
    expect(selfReference.body.statusCode).toBe(ERROR_CODES.INVALID_CONDITION);
    expect([sameName.status, sameName.body.statusCode]).toEqual([409, ERROR_CODES.RECORD_NAME_EXISTS]);
    expect(unknownMember.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(deleted.status).toBe(200);
    expect(await count(me, {})).toBe(3);
  });

  it('answers bad conditions with clear errors', async () => {
    // Prepare
    const me = await signUp();
    const other = await signUp();
    const othersGroup = await seedGroup(api, other, { type: 'S', name: 'Theirs' });
    const condition = (rule: Record<string, unknown>) => ({ conditions: { match: 'all', rules: [rule] } });

    // Act
    const answers = await Promise.all([
      call(api, me, 'POST', '/contacts/count', condition({ field: 'field:f77', operator: 'equals', value: 'x' })),
      call(api, me, 'POST', '/contacts/count', condition({ field: 'email', operator: 'greaterThan', value: 'x' })),
      call(api, me, 'POST', '/contacts/count', condition({ field: 'email', operator: 'contains' })),
      call(api, me, 'POST', '/contacts/count', condition({ field: 'createTime', operator: 'before', value: 'yesterday' })),
      call(api, me, 'POST', '/contacts/count', condition({ field: 'group', operator: 'inGroup', value: othersGroup.id })),
      call(api, me, 'POST', '/contacts/count', condition({ field: 'nickname', operator: 'equals', value: 'x' })),
      call(api, me, 'GET', `/groups/${othersGroup.id}`),
      call(api, me, 'POST', '/groups', { type: 'D', name: 'No rules', conditions: { match: 'all', rules: [] } }),
    ]);

    // Assess
    expect(answers.map((answer) => answer.body.statusCode)).toEqual([
      ERROR_CODES.UNKNOWN_FIELD,
      ERROR_CODES.INVALID_CONDITION,
      ERROR_CODES.INVALID_CONDITION,
      ERROR_CODES.INVALID_DATE,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.INVALID_INPUT,
    ]);
    expect((await call<TGroupListResponse>(api, me, 'GET', '/groups')).body.total).toBe(2);
  });
});

describe('recipient resolution', () => {
  it('streams each reachable contact once: included groups and audiences minus excluded ones, per channel', async () => {
    // Prepare
    const me = await signUp();
    const contacts: TContact[] = [];
    for (let i = 1; i <= 10; i += 1) {
      contacts.push(await seedContact(api, me, { email: `r${i}@example.com`, ...(i <= 5 ? { mobile: `+8526123${String(i).padStart(4, '0')}` } : {}), emailSubscribe: i !== 2, smsSubscribe: i !== 3 }));
    }
    const ids = contacts.map((contact) => contact.id);
    const first = await seedGroup(api, me, { type: 'S', name: 'First', contactIds: ids.slice(0, 6) });
    const second = await seedGroup(api, me, { type: 'S', name: 'Second', contactIds: ids.slice(4, 9) });
    const excluded = await seedGroup(api, me, { type: 'S', name: 'Excluded', contactIds: [ids[0]!] });
    const auto = await seedGroup(api, me, { type: 'D', name: 'Auto', conditions: { match: 'all', rules: [{ field: 'email', operator: 'contains', value: 'r1' }] } });
    await changeContactSet({ tuid: me.tuid, setId: campaignAudienceSetId('sent-1'), add: [Number(ids[8])], remove: [], counter: () => ({ ConditionCheck: { TableName: process.env.TABLE_NAME!, Key: { PK: 'NONE', SK: 'NONE' }, ConditionExpression: 'attribute_not_exists(PK)' } }) });
    const selection = { includedGroup: [first.id, second.id], excludedGroup: [excluded.id], includedCampaign: [], excludedCampaign: [{ id: 'sent-1' }] };

    // Act
    const emailRecipients: string[] = [];
    for await (const batch of resolveRecipients({ tuid: me.tuid, channel: 'email', selection })) emailRecipients.push(...batch.map((contact) => contact.email!));
    const smsCount = await call<{ count: number }>(api, me, 'POST', '/recipients/count', { channel: 'sms', selection });
    const withAuto = await call<{ count: number }>(api, me, 'POST', '/recipients/count', { channel: 'email', selection: { includedGroup: [auto.id, 'system-mobile'] } });
    const missingCampaign = await call(api, me, 'POST', '/recipients/count', { channel: 'email', selection: { includedCampaign: [{ id: 'never-sent' }] } });

    // Assess: r1 excluded by group, r2 unsubscribed from email, r9 excluded by the campaign audience, r10 in no group.
    expect(emailRecipients.sort()).toEqual(['r3', 'r4', 'r5', 'r6', 'r7', 'r8'].map((r) => `${r}@example.com`));
    // SMS: only r1–r5 have mobiles; r1 excluded, r3 unsubscribed from SMS.
    expect(smsCount.body.count).toBe(3);
    // r1 and r10 contain "r1", r2–r5 have a mobile; r2 is unsubscribed from email.
    expect(withAuto.body.count).toBe(5);
    expect(missingCampaign.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
  });
});

describe('tenant isolation and the global search', () => {
  it('never shows or changes another account’s contacts, and searches contacts, groups, campaigns and templates', async () => {
    // Prepare
    const me = await signUp();
    const other = await signUp();
    const mine = await seedContact(api, me, { email: 'findme@example.com', mobile: '+85261231234' });
    const theirs = await seedContact(api, other, { email: 'findme@example.com' });
    await seedGroup(api, me, { type: 'S', name: 'Findme friends' });
    const template = await call<{ template: { id: string } }>(api, me, 'POST', '/templates', { name: 'Findme offer', content: { kind: 'sms', text: 'Hello' } });
    await call(api, other, 'POST', '/templates', { name: 'Findme too', content: { kind: 'sms', text: 'Not yours' } });
    const campaign = await call<{ id: string }>(api, me, 'POST', '/create-campaign/save', { campaignName: 'Findme launch' });
    const mms = await call<{ id: string }>(api, me, 'POST', '/sms/create-campaign/save', { campaignName: 'Findme pictures', type: 'MMS' });

    // Act
    const read = await call(api, other, 'GET', `/contacts/details/${mine.id}?owner=${me.tuid}`);
    const hits = await call<TGlobalSearchResponse>(api, me, 'GET', '/search?search=findme');

    // Assess
    expect(read.status).toBe(404);
    // Contact numbers are per account: the same number is each account's own contact.
    expect(theirs.id).toBe(mine.id);
    expect((await call<TContactDetailsResponse>(api, other, 'GET', `/contacts/details/${theirs.id}`)).body.contact.primary[0]?.value).toBe('findme@example.com');
    expect(hits.body.areas).toEqual([
      { area: 'contacts', hits: [{ id: mine.id, title: 'findme@example.com', detail: '+852 6123 1234' }], more: false },
      { area: 'groups', hits: [expect.objectContaining({ title: 'Findme friends', detail: '0' })], more: false },
      { area: 'campaigns', hits: [{ id: campaign.body.id, title: 'Findme launch', detail: 'draft', campaignType: 'Email' }], more: false },
      { area: 'smsCampaigns', hits: [{ id: mms.body.id, title: 'Findme pictures', detail: 'draft', campaignType: 'MMS' }], more: false },
      { area: 'templates', hits: [{ id: template.body.template.id, title: 'Findme offer', detail: 'sms' }], more: false },
    ]);
  });
});

describe('section permissions', () => {
  it('enforces the contact and group flags of connected roles on every route', async () => {
    // Prepare: an owner with one contact and group; an Analyst and a Campaign Creator connected to it (spec §6).
    const owner = await signUp();
    const contact = await seedContact(api, owner, { email: 'owned@example.com' });
    const group = await seedGroup(api, owner, { type: 'S', name: 'Owned', contactIds: [contact.id] });
    const analyst = await connect(owner, await signUp(), 'analyst');
    const creator = await connect(owner, await signUp(), 'campaignCreator');

    // Act
    const analystReads = await Promise.all([
      search(analyst, {}),
      call(api, analyst, 'GET', `/contacts/details/${contact.id}`),
      call(api, analyst, 'GET', `/groups/${group.id}`),
      call(api, analyst, 'POST', '/recipients/count', { channel: 'email', selection: { includedGroup: [group.id] } }),
    ]);
    const analystWrites = await Promise.all([
      call(api, analyst, 'POST', '/contacts', { email: 'nope@example.com' }),
      call(api, analyst, 'PUT', `/contacts/${contact.id}`, { smsSubscribe: false }),
      call(api, analyst, 'DELETE', '/contacts', { ids: [contact.id] }),
      call(api, analyst, 'POST', '/contacts/schemas', { name: 'Nope', type: 'text' }),
      call(api, analyst, 'POST', '/groups', { type: 'S', name: 'Nope' }),
      call(api, analyst, 'POST', `/groups/${group.id}/members`, { remove: [contact.id] }),
      call(api, analyst, 'DELETE', `/groups/${group.id}`),
    ]);
    const creatorContacts = await search(creator, {});
    const creatorGroups = await call<TGroupListResponse>(api, creator, 'GET', '/groups');
    const creatorSearch = await call<TGlobalSearchResponse>(api, creator, 'GET', '/search?search=owned');

    // Assess
    expect(analystReads.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(analystWrites.map((answer) => [answer.status, answer.body.statusCode])).toEqual(Array.from({ length: 7 }, () => [403, ERROR_CODES.NO_PERMISSION]));
    expect(creatorContacts.status).toBe(403);
    expect(creatorGroups.body.total).toBe(3);
    expect(creatorSearch.body.areas.map((area) => area.area)).toEqual(['groups', 'campaigns', 'smsCampaigns', 'templates']);
    expect(await count(owner, {})).toBe(1);
    expect((await call<{ group: TGroup }>(api, owner, 'GET', `/groups/${group.id}`)).body.group.count).toBe(1);
  });
});
