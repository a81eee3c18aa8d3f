/**
 * "Send test" of a template through the real handlers, the outbound-mail worker and the mail
 * sink: personalised with a contact (values escaped), fallbacks without one, and the refusals
 * (SMS, another account's template, a broken tag, too many sends).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { getAccount } from '../../../functions/data/accounts.js';
import { RATE_LIMITS } from '../../../shared/constants.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TContact, TFieldSchema } from '../../../shared/schemas/contacts.js';
import type { TTestSendTemplateResponse } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { seedTemplate, smsContent } from '../../helpers/seed/templates.js';

let api: ApiClient;
let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

const testSend = (actor: Actor, templateId: string, body?: unknown) => call<TTestSendTemplateResponse & { statusCode?: string; message?: string }>(api, actor, 'POST', `/templates/${templateId}/test-send`, body);
const codeEmail = (html: string) => ({ kind: 'email' as const, editor: 'code' as const, html });

async function loginOf(actor: Actor): Promise<string> {
  const account = await getAccount(actor.loginTuid);
  if (!account) throw new Error('no account');
  return account.login;
}

async function mailTo(to: string) {
  await runQueueOnce('outbound-mail');
  return readSink(testTable.sinkDir, 'mail', { to });
}

describe('template test send', () => {
  it('sends the template to the user’s own address, personalised with a contact and escaped', async () => {
    // Prepare
    const me = await signUpAs(api, 'Tess Sender');
    const field = await api.request<{ schema: TFieldSchema }>('POST', '/api/v1/pageBasedAPI/contacts/schemas', { token: me.token, body: { name: 'Nickname', type: 'text' } });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const fieldId = field.body.schema.id;
    const contact = await api.request<{ contact: TContact }>('POST', '/api/v1/pageBasedAPI/contacts', {
      token: me.token,
      body: { email: 'reader@example.com', fields: { [fieldId]: 'Ann <b>&</b>' } },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const template = await seedTemplate(api, me, {
      name: 'Autumn letter',
      content: codeEmail(`<html><body><p>Hi {{ field:${fieldId} | friend }}, {{ email }}</p><a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>`),
    });
    const login = await loginOf(me);

    // Act
    const answer = await testSend(me, template.id, { contactId: contact.body.contact.id });
    const mails = await mailTo(login);

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ success: true, to: login });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('[Test] Autumn letter');
    expect(mails[0].html).toContain('<p>Hi Ann &lt;b&gt;&amp;&lt;/b&gt;, reader@example.com</p>');
    expect(mails[0].html).not.toContain('{{');
    expect(mails[0].html).toMatch(/<a href="https?:\/\/[^"]+">Unsubscribe<\/a>/);
    expect(mails[0].text).toContain('Hi Ann <b>&</b>, reader@example.com');
  });

  it('shows the fallbacks without a contact, and takes no body at all', async () => {
    // Prepare
    const me = await signUpAs(api, 'Fallback Fan');
    const template = await seedTemplate(api, me, { name: 'Plain', content: codeEmail('<p>Dear {{ email | reader }}</p>') });
    const login = await loginOf(me);

    // Act
    const answer = await testSend(me, template.id);
    const mails = await mailTo(login);

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(mails.map((mail) => mail.html)).toEqual(['<p>Dear reader</p>']);
  });

  it('refuses SMS templates, another account’s template and contact, a broken tag and unknown body fields', async () => {
    // Prepare
    const me = await signUpAs(api, 'Careful Sender');
    const other = await signUpAs(api, 'Other Account');
    const sms = await seedTemplate(api, me, { name: 'Text', content: smsContent('Hello') });
    const theirs = await seedTemplate(api, other, { name: 'Theirs', content: codeEmail('<p>Theirs</p>') });
    const broken = await seedTemplate(api, me, { name: 'Broken', content: codeEmail('<p>Hello {{ firstName }}</p>') });
    const mine = await seedTemplate(api, me, { name: 'Mine', content: codeEmail('<p>Mine</p>') });
    const theirContact = await api.request<{ contact: TContact }>('POST', '/api/v1/pageBasedAPI/contacts', { token: other.token, body: { email: 'their@example.com' } });

    // Act
    const smsAnswer = await testSend(me, sms.id);
    const otherAnswer = await testSend(me, theirs.id);
    const brokenAnswer = await testSend(me, broken.id);
    const extraAnswer = await testSend(me, mine.id, { contactId: '1', to: 'victim@example.com' });
    const contactAnswer = await testSend(me, mine.id, { contactId: theirContact.body.contact.id });

    // Assess
    expect(smsAnswer.status).toBe(400);
    expect(smsAnswer.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT });
    expect(smsAnswer.body.message).toMatch(/Only email templates/);
    expect(otherAnswer.status).toBe(404);
    expect(otherAnswer.body).toMatchObject({ statusCode: ERROR_CODES.TEMPLATE_NOT_FOUND });
    expect(brokenAnswer.status).toBe(400);
    expect(brokenAnswer.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT });
    expect(brokenAnswer.body.message).toContain('firstName');
    expect(extraAnswer.status).toBe(400);
    expect(contactAnswer.body).toMatchObject({ statusCode: ERROR_CODES.RECORD_NOT_FOUND });
    expect(await mailTo(await loginOf(me))).toHaveLength(0);
  });

  it('limits how many tests a user sends a minute', async () => {
    // Prepare
    const me = await signUpAs(api, 'Eager Sender');
    const template = await seedTemplate(api, me, { name: 'Again', content: codeEmail('<p>Again</p>') });
    const { max } = RATE_LIMITS.templateTestSendPerUser;

    // Act
    const answers = [];
    for (let index = 0; index <= max; index += 1) answers.push(await testSend(me, template.id));

    // Assess
    expect(answers.slice(0, max).map((answer) => answer.status)).toEqual(Array.from({ length: max }, () => 200));
    expect(answers[max].status).toBe(429);
    expect(answers[max].body).toMatchObject({ statusCode: ERROR_CODES.RATE_LIMITED });
  });
});
