/**
 * The dev SMS inbox of the local host: a campaign SMS and MMS show with their text, media (from the
 * s3:// URIs End User Messaging got, served by the host's content site), sender and segments and a
 * Reply form, and a reply posted to /dev/api/sms/inbound reaches the
 * inbound-sms worker through the host's queue poller, which unsubscribes the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSmsTransport } from '../../../functions/channels/sms.js';
import { findTuidByLogin } from '../../../functions/data/accounts.js';
import { getContact } from '../../../functions/data/contacts.js';
import { createContact } from '../../../functions/services/contacts/contacts.js';
import { CONTENT_BUCKET } from '../../../infra/local/host.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { STAND_IN_MMS_NUMBER } from '../../../infra/local/sms-stand-in.js';

let host: TestHost;
let tuid: string;

beforeAll(async () => {
  host = await startTestHost({ pollQueues: ['inbound-sms'] });
  tuid = (await findTuidByLogin(host.demo.email))!;
}, 60_000);
afterAll(() => host?.stop());

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('dev SMS inbox', () => {
  it('shows a campaign MMS with its text, media from the content site, the MMS number it came from and segments, and a Reply form', async () => {
    // Prepare
    const to = '+85262220001';
    const tags = { tuid, campaignId: 'c-dev', contactId: '1' };
    // Act
    await campaignSmsTransport().send({ to, originationIdentity: null, text: 'Autumn\nNew season', media: [{ url: `${host.url}/content/x/leaf.png` }], tags });
    const page = await (await fetch(`${host.url}/dev/sms?to=${encodeURIComponent(to)}`)).text();
    // Assess
    expect(page).toContain('<pre>Autumn\nNew season</pre>');
    expect(page).toContain('MMS, 1 segment');
    expect(page).toContain('<img src="/content/x/leaf.png" alt="leaf.png"');
    expect(page).toContain(`<form class="reply" data-from="${to}" data-to="${STAND_IN_MMS_NUMBER}">`);
    expect(await host.readSms(to)).toMatchObject([{ from: STAND_IN_MMS_NUMBER, mediaUrls: [`s3://${CONTENT_BUCKET}/x/leaf.png`], tags }]);
  });

  it('takes a STOP reply to the inbound-sms worker, which unsubscribes the number', async () => {
    // Prepare
    const mobile = '+85262220002';
    const contact = await createContact({ tuid, input: { mobile }, now: new Date() });
    // Act
    const answer = await fetch(`${host.url}/dev/api/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: mobile, to: 'SHOP', body: 'STOP' }) });
    const after = await waitFor(() => getContact(tuid, Number(contact.id)), (value) => value?.smsSubscribe === false);
    // Assess
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ inboundMessageId: expect.any(String) });
    expect(after?.smsSubscribe).toBe(false);
  });

  it('refuses a reply without a sender', async () => {
    const answer = await fetch(`${host.url}/dev/api/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'SHOP', body: 'STOP' }) });
    expect(answer.status).toBe(400);
  });
});
