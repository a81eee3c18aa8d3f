/**
 * The public links of a campaign message through the real handler and the real worker: the open
 * pixel, the click redirect, the unsubscribe page and RFC 8058 one-click post, the online version,
 * and every kind of forged link, none of which records anything or tells anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineVersionUrlFor } from '../../../functions/services/campaigns/tracking.js';
import { isReachable } from '../../../shared/domain/contacts.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { counters, drainEvents, rawGet, tokenFor } from '../../helpers/delivery-events.js';
import { type Actor, signUpAs } from '../../helpers/seed/accounts.js';
import { type SentCampaign, sentCampaign } from '../../helpers/seed/campaigns.js';
import { contactOf, newContact } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let me: Actor;
let campaign: SentCampaign;
let ada: number;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'Tracking Owner');
  campaign = await sentCampaign(me);
  ada = await newContact(me, { email: 'ada.lovelace@example.com' });
}, 60_000);
afterAll(() => api.close());

/** The token with one character of its payload or its MAC changed. */
function altered(token: string, part: 'payload' | 'mac'): string {
  const [payload, mac] = token.split('.');
  const flip = (text: string) => text.slice(0, 2) + (text[2] === 'A' ? 'B' : 'A') + text.slice(3);
  return part === 'payload' ? `${flip(payload)}.${mac}` : `${payload}.${flip(mac)}`;
}

describe('open pixel', () => {
  it('answers a 43-byte transparent GIF, uncached, and counts one unique open however often the message is opened', async () => {
    // Prepare
    const token = await tokenFor('track', me, campaign.id, ada);
    // Act
    const first = await rawGet(api, `/t/open/${token}`, { 'user-agent': 'Mail/1.0' });
    const image = Buffer.from(await first.arrayBuffer());
    await rawGet(api, `/t/open/${token}`);
    await drainEvents();
    // Assess
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(image.length).toBe(43);
    expect(image.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const counted = await counters(me, campaign.id);
    expect(counted.opens).toBe(2);
    expect(counted.uniqueOpens).toBe(1);
  });

  it('answers the image for a forged token too, and records nothing', async () => {
    // Prepare
    const other = await sentCampaign(me);
    const token = await tokenFor('track', me, other.id, ada);
    // Act
    const answers = await Promise.all(
      [altered(token, 'payload'), altered(token, 'mac'), await tokenFor('unsubscribe', me, other.id, ada), 'garbage', `${token}.x`].map((bad) => rawGet(api, `/t/open/${encodeURIComponent(bad)}`)),
    );
    await drainEvents();
    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/gif');
    }
    expect((await counters(me, other.id)).opens).toBe(0);
  });
});

describe('click redirect', () => {
  it('redirects only to the links that were in the message, counting total and unique clicks', async () => {
    // Prepare
    const bob = await newContact(me, { email: 'bob@example.com' });
    const token = await tokenFor('track', me, campaign.id, bob);
    // Act
    const first = await rawGet(api, `/t/click/${token}?l=0`);
    const again = await rawGet(api, `/t/click/${token}?l=0`);
    const second = await rawGet(api, `/t/click/${token}?l=1`);
    await drainEvents();
    // Assess
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://shop.example.com/offer?a=1&b=2');
    expect(again.headers.get('location')).toBe('https://shop.example.com/offer?a=1&b=2');
    expect(second.headers.get('location')).toBe('https://shop.example.com/help');
    const counted = await counters(me, campaign.id);
    expect(counted.clicks).toBe(3);
    expect(counted.uniqueClicks).toBe(1);
    // A click without a loaded pixel still proves an open.
    expect(counted.uniqueOpens).toBe(2);
  });

  it.each([
    ['a link number the message did not have', async () => `/t/click/${await tokenFor('track', me, campaign.id, ada)}?l=7`],
    ['no link number', async () => `/t/click/${await tokenFor('track', me, campaign.id, ada)}`],
    ['a URL instead of a link number', async () => `/t/click/${await tokenFor('track', me, campaign.id, ada)}?l=${encodeURIComponent('https://evil.example.net')}`],
    ['an altered payload', async () => `/t/click/${altered(await tokenFor('track', me, campaign.id, ada), 'payload')}?l=0`],
    ['an altered MAC', async () => `/t/click/${altered(await tokenFor('track', me, campaign.id, ada), 'mac')}?l=0`],
    ['an unsubscribe token', async () => `/t/click/${await tokenFor('unsubscribe', me, campaign.id, ada)}?l=0`],
  ])('answers the same 404 page for %s and records nothing', async (_, path) => {
    // Prepare
    const before = await counters(me, campaign.id);
    // Act
    const answer = await rawGet(api, await path());
    const page = await answer.text();
    await drainEvents();
    // Assess
    expect(answer.status).toBe(404);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(page).toContain('Link not found');
    expect(await counters(me, campaign.id)).toEqual(before);
  });

  it("does not send a token signed for one campaign to another campaign's links", async () => {
    // Prepare: a message of another campaign whose link 0 goes elsewhere
    const other = await sentCampaign(me, {}, '<a href="https://other.example.org/">Other</a>');
    const token = await tokenFor('track', me, campaign.id, ada);
    const [payload, mac] = token.split('.');
    const decoded = Buffer.from(payload, 'base64url').toString('utf8').replace(campaign.id, other.id);
    // Act
    const answer = await rawGet(api, `/t/click/${Buffer.from(decoded).toString('base64url')}.${mac}?l=0`);
    // Assess
    expect(answer.status).toBe(404);
  });
});

describe('unsubscribe', () => {
  it('shows a self-contained page with the address masked and a confirm button', async () => {
    // Prepare
    const token = await tokenFor('unsubscribe', me, campaign.id, ada);
    // Act
    const answer = await rawGet(api, `/t/unsubscribe/${token}`);
    const page = await answer.text();
    const chinese = await (await rawGet(api, `/t/unsubscribe/${token}`, { 'accept-language': 'zh-HK,zh;q=0.9' })).text();
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page).toContain('ad***@example.com');
    expect(page).not.toContain('ada.lovelace');
    expect(page).not.toMatch(/<script|<img|<link/i);
    expect(page).toContain('name="viewport"');
    expect(page).toContain('<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(chinese).toContain('取消訂閱');
    // Showing the page unsubscribes no one (link scanners open it).
    await drainEvents();
    expect(isReachable(await contactOf(me, ada), 'email')).toBe(true);
  });

  it('unsubscribes once on the RFC 8058 one-click post, however often it is posted', async () => {
    // Prepare
    const carol = await newContact(me, { email: 'carol@example.com' });
    const token = await tokenFor('unsubscribe', me, campaign.id, carol);
    const post = () =>
      api.request('POST', `/t/unsubscribe/${token}`, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    // Act
    const first = await post();
    const second = await post();
    await drainEvents();
    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(String(first.body)).toContain('You are unsubscribed');
    const contact = await contactOf(me, carol);
    expect(contact.emailSubscribe).toBe(false);
    expect(isReachable(contact, 'email')).toBe(false);
    expect((await counters(me, campaign.id)).unsubscribes).toBe(1);
  });

  it('takes the one-click body as multipart form data too (RFC 8058 allows both encodings)', async () => {
    // Prepare
    const erin = await newContact(me, { email: 'erin@example.com' });
    const token = await tokenFor('unsubscribe', me, campaign.id, erin);
    const body = '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n';
    // Act
    const answer = await api.request('POST', `/t/unsubscribe/${token}`, { rawBody: body, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } });
    await drainEvents();
    // Assess
    expect(answer.status).toBe(200);
    expect((await contactOf(me, erin)).emailSubscribe).toBe(false);
  });

  it('refuses a post without the one-click body, and forged links, recording nothing', async () => {
    // Prepare
    const dan = await newContact(me, { email: 'dan@example.com' });
    const token = await tokenFor('unsubscribe', me, campaign.id, dan);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // Act
    const answers = await Promise.all([
      api.request('POST', `/t/unsubscribe/${token}`, { rawBody: 'confirm=1', headers: form }),
      api.request('POST', `/t/unsubscribe/${altered(token, 'mac')}`, { rawBody: 'List-Unsubscribe=One-Click', headers: form }),
      api.request('POST', `/t/unsubscribe/${await tokenFor('track', me, campaign.id, dan)}`, { rawBody: 'List-Unsubscribe=One-Click', headers: form }),
      api.request('POST', `/t/unsubscribe/${await tokenFor('view', me, campaign.id, dan)}`, { rawBody: 'List-Unsubscribe=One-Click', headers: form }),
    ]);
    const getForged = await rawGet(api, `/t/unsubscribe/${altered(token, 'payload')}`);
    await drainEvents();
    // Assess
    for (const answer of answers) expect(answer.status).toBe(404);
    expect(getForged.status).toBe(404);
    expect((await contactOf(me, dan)).emailSubscribe).toBe(true);
  });
});

describe('online version', () => {
  it("renders the recipient's message without pixel or tracked links, under a policy that runs nothing", async () => {
    // Prepare
    const token = await tokenFor('view', me, campaign.id, ada);
    // Act
    const answer = await rawGet(api, `/t/view/${token}`);
    const page = await answer.text();
    await drainEvents();
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(page).toContain('Hello Ada');
    expect(page).toContain('href="https://shop.example.com/offer?a=1&amp;b=2"');
    expect(page).toMatch(/href="http:\/\/127\.0\.0\.1:3000\/t\/unsubscribe\/[\w-]+\.[\w-]+"/);
    expect(page).not.toContain('/t/open/');
    expect(page).not.toContain('/t/click/');
    // Reading online is not an open.
    expect((await counters(me, campaign.id)).uniqueOpens).toBe(2);
  });

  it("gives the author a preview link with every personal value at its fallback, and refuses another purpose's token", async () => {
    // Prepare
    const url = await onlineVersionUrlFor({ tuid: me.tuid, campaignId: campaign.id, contactId: null });
    // Act
    const preview = await rawGet(api, new URL(url).pathname);
    const wrongPurpose = await rawGet(api, `/t/view/${await tokenFor('track', me, campaign.id, ada)}`);
    // Assess
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Hello there');
    expect(wrongPurpose.status).toBe(404);
  });
});
