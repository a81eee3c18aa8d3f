/**
 * SMS and MMS campaigns in a real Chromium against the local host (spec §2.1 /sms-and-mms,
 * create-sms-campaign, create-mms-campaign, campaign-report; §3 the MMS save command; §4 sending):
 * an SMS made through the wizard for a group of Hong Kong mobiles and one pasted number, with its
 * live segment count and its cost per country, sent now, seen in the dev SMS inbox and in its report
 * (sent, delivered, and one failure with its reason from the sink's INVALID simulator number); and
 * an MMS started from an MMS template, with an image picked from the file manager (a type MMS does
 * not carry is refused with a clear message), sent to US and Canadian numbers (a Hong Kong one is skipped: MMS goes to the US
 * and Canada only), seen in the dev inbox with its media; and an SMS sent from a verified sender ID
 * chosen on the sender-id step, where a pending one cannot be chosen.
 */
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveSenderId } from '../../functions/services/sms-settings/sender-ids.js';
import { clickBesideToasts, takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import { redPng } from '../helpers/images.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedGroupOf } from '../helpers/seed/contacts.js';

/** The pipeline sends in the background, and receipts come after: inbox and report are polled this long. */
const PIPELINE_TIMEOUT_MS = 60_000;

/** The sink's simulator number that fails as INVALID (functions/channels/sink-events.ts). */
const FAILING_NUMBER = '+85257048427';

type SinkSms = { to: string; from?: string | null; text: string; mediaUrls?: string[]; segments?: number };

/** A file the file manager hosts (its first bytes say WebP) and MMS does not carry. */
function webpFile(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'ascii'), Buffer.alloc(24)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), size, body]);
}

describe('SMS and MMS campaigns', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(() => {
    ({ host, page, demo } = signedIn);
  });

  /** A snapshot group of new contacts with these mobile numbers (E.164). */
  async function seedMobiles(name: string, mobiles: readonly string[]): Promise<string> {
    const inputs = mobiles.map((mobile, index) => ({ email: `${name.toLowerCase().replace(/\W+/g, '-')}-${index}@example.com`, mobile }));
    return (await seedGroupOf(host.api, demo, name, inputs)).id;
  }

  async function inbox(to: string): Promise<SinkSms[]> {
    const answer = await fetch(`${host.url}/dev/api/sms?to=${encodeURIComponent(to)}`);
    return (await answer.json()) as SinkSms[];
  }

  const counter = (name: string) => page.getByTestId(`counter-${name}`).getAttribute('data-value');

  /** Names a new campaign of `type` from the list and answers its id once its wizard opens. */
  async function createCampaign(type: 'SMS' | 'MMS', name: string): Promise<string> {
    await page.goto(`${host.url}/#/sms-and-mms`);
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('create-campaign').click();
    const dialog = page.getByTestId('create-campaign-dialog');
    await dialog.getByTestId(`campaign-type-${type}`).click();
    await dialog.getByTestId('campaign-name-input').fill(name);
    await page.getByTestId('create-campaign-confirm').click();
    await page.waitForURL(new RegExp(`create-${type.toLowerCase()}-campaign/select-groups\\?id=[0-9A-Z]{26}`));
    await page.getByTestId('wizard-save-state').waitFor();
    return new URL(page.url().replace('/#/', '/')).searchParams.get('id') ?? '';
  }

  it('creates an SMS through the wizard, counts its segments and cost, sends it, and reports delivery and failure', async () => {
    // Prepare
    const members = ['+85291234567', '+85261234567', FAILING_NUMBER];
    await seedMobiles('SMS readers', members);
    const pasted = '+85298765432';

    // Assess: the list has every status tab.
    await page.goto(`${host.url}/#/sms-and-mms`);
    for (const tab of ['all', 'draft', 'scheduled', 'sending', 'sent', 'stopped', 'approval']) await page.getByTestId(`campaign-tab-${tab}`).waitFor();

    // Act: an SMS campaign for the group, and one pasted number (national: read as Hong Kong's) beside an invalid one.
    const id = await createCampaign('SMS', 'Spring SMS');
    await page.locator('[data-testid="recipient-group"][data-group-name="SMS readers"]').getByTestId('group-choice-include').click();
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count')).toBe('3');
    await page.getByTestId('step-paste-numbers').click();
    await page.waitForURL(/paste-numbers\?id=/);
    await page.getByTestId('pasted-numbers').fill('9876 5432\nnot a number');

    // Assess: the invalid one shows at once; the count follows.
    await page.getByTestId('invalid-numbers').getByText('not a number').waitFor();
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count')).toBe('5');
    await page.getByTestId('pasted-numbers').fill('9876 5432');

    // Act: the name and sender step (no sender ID: the shared pool), then a blank message.
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/sender-id\?id=/);
    await page.getByTestId('sender-id-step').waitFor();
    expect(await page.getByTestId('campaign-name-input').inputValue()).toBe('Spring SMS');
    await page.locator('[data-testid="sender-id-option"][data-value="none"]').waitFor();
    await takeScreenshot(page, 'sms-campaign-sender-id');
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/select-template\?id=/);
    await page.getByTestId('write-message').click();
    await page.waitForURL(/create-sms-campaign\/enter-message\?id=/);
    await page.getByTestId('campaign-message-editor').waitFor();

    // Act: a message over one GSM-7 segment, then one with a character only Unicode carries.
    await page.getByTestId('message-text').fill(`${'A'.repeat(150)} Spring sale`);

    // Assess: 162 GSM-7 characters are two segments of 153; "✓" makes it Unicode (70 a segment).
    await expect.poll(() => page.getByTestId('sms-counter').getAttribute('data-segments')).toBe('2');
    await page.getByTestId('message-text').fill('Spring sale ✓ 20% off today at Demo Shop');
    await page.getByTestId('unicode-note').waitFor();
    await page.getByTestId('message-text').fill('Spring sale: 20% off today at Demo Shop. Reply STOP to opt out.');
    await expect.poll(() => page.getByTestId('sms-counter').getAttribute('data-segments')).toBe('1');

    // Act: save; the cost of the saved campaign follows.
    await page.getByTestId('template-save').click();
    await page.getByTestId('editor-save-state').getByText('All changes saved', { exact: true }).waitFor();

    // Assess: four Hong Kong recipients, one segment each.
    const hongKong = page.locator('[data-testid="cost-country"][data-country="HK"]');
    await hongKong.waitFor();
    expect(await hongKong.textContent()).toContain('Hong Kong');
    await expect.poll(() => page.getByTestId('campaign-cost').getAttribute('data-credits')).not.toBe('0');
    await page.getByTestId('cost-balance').waitFor();
    await takeScreenshot(page, 'sms-campaign-enter-message');

    // Assess: the server has the command.
    const saved = await call<{ type: string; command: { message?: string; pastedNumbers?: string[]; senderId?: string | null } }>(host.api, demo, 'GET', `/sms/create-campaign/save?id=${id}`);
    expect(saved.body.type).toBe('SMS');
    expect(saved.body.command.message).toBe('Spring sale: 20% off today at Demo Shop. Reply STOP to opt out.');
    expect(saved.body.command.pastedNumbers).toEqual(['9876 5432']);

    // Act: send now.
    await page.getByTestId('review-send').click();
    await page.getByTestId('send-dialog').waitFor();
    await expect.poll(() => page.getByTestId('summary-recipients').textContent()).toBe('4 recipients');
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/sms-and-mms\/campaign-report\?id=/);

    // Assess: every number got the message in the dev inbox.
    for (const to of [...members, pasted]) {
      await expect.poll(async () => (await inbox(to)).map((sms) => sms.text), { timeout: PIPELINE_TIMEOUT_MS }).toContain('Spring sale: 20% off today at Demo Shop. Reply STOP to opt out.');
    }

    // Assess: the report counts 4 sent, 3 delivered and 1 failed as the receipts arrive.
    await page.getByTestId('report-overview').waitFor();
    await expect
      .poll(
        async () => {
          await page.getByTestId('report-refresh').click();
          return [await counter('sent'), await counter('delivered'), await counter('failed')];
        },
        { timeout: PIPELINE_TIMEOUT_MS, interval: 1_000 },
      )
      .toEqual(['4', '3', '1']);
    expect(Number(await counter('creditsUsed'))).toBeGreaterThan(0);
    expect(await counter('segments')).toBe('4');
    await page.locator('[data-testid="report-country"][data-country="HK"]').waitFor();
    await takeScreenshot(page, 'sms-campaign-report');

    // Assess: the failed list names the number and the carrier's reason as a sentence, not its code.
    await page.getByTestId('report-tab-failed').click();
    expect(await page.getByTestId('report-tab-failed').textContent()).toBe('Failed');
    const failedRow = page.getByTestId('report-row').filter({ hasText: FAILING_NUMBER });
    await failedRow.waitFor();
    expect(await failedRow.textContent()).toContain('The number is not a valid mobile number.');
    expect(await failedRow.textContent()).not.toContain('INVALID');

    // Assess: the delivery list has every recipient; the list shows the campaign as sent.
    await page.getByTestId('report-tab-delivery').click();
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(4);
    await page.goto(`${host.url}/#/sms-and-mms?tab=sent`);
    const row = page.getByTestId('campaign-row').filter({ hasText: 'Spring SMS' });
    await row.waitFor();
    expect(await row.getByTestId('campaign-type').textContent()).toBe('SMS');
    await takeScreenshot(page, 'sms-campaign-list');

    // Assess: the advanced search's SMS & MMS tab finds it by name, and only SMS and MMS campaigns.
    await page.goto(`${host.url}/#/advanced-search/sms-and-mms?search=Spring`);
    await page.getByTestId('campaign-row').filter({ hasText: 'Spring SMS' }).waitFor();
    await page.getByTestId('search-tab-emails').click();
    await page.waitForURL(/advanced-search\/emails/);
    await page.getByTestId('campaign-list').waitFor();
    await expect.poll(() => page.getByTestId('campaign-row').filter({ hasText: 'Spring SMS' }).count()).toBe(0);
  });

  it('creates an MMS with an image from the file manager, refuses a type MMS does not carry, and sends it to the US and Canada only', async () => {
    // Prepare
    const northAmerica = ['+14155550100', '+14165550199'];
    await seedMobiles('MMS readers', [...northAmerica, '+85261234568']);
    const template = await call<{ template: { id: string } }>(host.api, demo, 'POST', '/templates', {
      name: 'Summer MMS template',
      content: { kind: 'mms', subject: 'Summer is here', text: 'Our summer collection is in. See you in store!', media: [] },
    });
    expect(template.status).toBe(201);
    const templateId = template.body.template.id;

    // Act: an MMS campaign for the group, with a name and a subject.
    const id = await createCampaign('MMS', 'Summer MMS');
    await page.locator('[data-testid="recipient-group"][data-group-name="MMS readers"]').getByTestId('group-choice-include').click();
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count')).toBe('3');
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/create-mms-campaign\/information\?id=/);

    // Act: start from an MMS template (its subject and text are copied); the editor opens.
    await page.locator(`[data-testid="select-own-template"][data-template-id="${templateId}"]`).click();
    await page.waitForURL(/create-mms-campaign\/enter-message\?id=/);

    // Assess
    expect(await page.getByTestId('message-text').inputValue()).toBe('Our summer collection is in. See you in store!');

    // Act: a WebP from the file manager: hosted, but not a type an MMS carries.
    await page.getByTestId('mms-media-add').click();
    await page.getByTestId('file-manager-upload-input').setInputFiles([
      { name: 'summer.png', mimeType: 'image/png', buffer: redPng() },
      { name: 'summer.webp', mimeType: 'image/webp', buffer: webpFile() },
    ]);
    const entry = (name: string) => page.locator(`[data-testid="file-manager-entry"][data-entry-name="${name}"]`);
    await entry('summer.webp').getByTestId('file-manager-entry-insert').click();

    // Assess: refused with why; nothing attached.
    await page.getByTestId('toast').filter({ hasText: 'MMS does not carry image/webp files' }).waitFor();
    expect(await page.getByTestId('mms-media-item').count()).toBe(0);

    // Act: the PNG.
    await entry('summer.png').getByTestId('file-manager-entry-insert').click();

    // Assess: attached with its name, type and size, its thumbnail and the phone preview's picture loaded from its hosted URL.
    const item = page.locator('[data-testid="mms-media-item"][data-filename="summer.png"]');
    await item.waitFor();
    expect(await item.textContent()).toContain('image/png');
    const loaded = (testId: string) => page.getByTestId(testId).evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0);
    await expect.poll(() => loaded('mms-media-thumbnail')).toBe(true);
    await expect.poll(() => loaded('preview-image')).toBe(true);

    // Act: save.
    await page.getByTestId('template-save').click();
    await page.getByTestId('editor-save-state').getByText('All changes saved', { exact: true }).waitFor();

    // Assess: the command holds the component as spec §3 names it; the cost covers the US and Canada and skips Hong Kong.
    const saved = await call<{ type: string; command: { subject?: string; content?: { components: Array<{ type: string; contentId: string; filename: string; size: number; mimeType: string }> } } }>(host.api, demo, 'GET', `/sms/create-campaign/save?id=${id}`);
    expect(saved.body.type).toBe('MMS');
    expect(saved.body.command.subject).toBe('Summer is here');
    expect(saved.body.command.content?.components).toEqual([{ type: 'image', contentId: expect.any(String), filename: 'summer.png', size: redPng().length, mimeType: 'image/png' }]);
    await page.locator('[data-testid="cost-country"][data-country="US"]').waitFor();
    await page.locator('[data-testid="cost-country"][data-country="CA"]').waitFor();
    await page.getByTestId('cost-skipped').waitFor();
    expect(await page.locator('[data-testid="cost-country"][data-country="HK"]').count()).toBe(0);
    await takeScreenshot(page, 'mms-campaign-enter-message');

    // Act: send now.
    await page.getByTestId('review-send').click();
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/sms-and-mms\/campaign-report\?id=/);

    // Assess: the US and Canadian numbers got the MMS, its subject leading the text, with its image
    // as End User Messaging reads it (an s3:// URI); the Hong Kong one got nothing.
    for (const to of northAmerica) {
      await expect.poll(async () => (await inbox(to)).length, { timeout: PIPELINE_TIMEOUT_MS }).toBe(1);
      const [mms] = await inbox(to);
      expect(mms.text).toBe('Summer is here\nOur summer collection is in. See you in store!');
      expect(mms.mediaUrls).toEqual([expect.stringMatching(/^s3:\/\/.+\/summer\.png$/)]);
    }
    expect(await inbox('+85261234568')).toEqual([]);

    // Assess: the report counts the skipped recipient.
    await expect
      .poll(
        async () => {
          await page.getByTestId('report-refresh').click();
          return [await counter('sent'), await counter('skipped')];
        },
        { timeout: PIPELINE_TIMEOUT_MS, interval: 1_000 },
      )
      .toEqual(['2', '1']);

    // Assess: the dev SMS page shows the image, served again from the host's content site.
    await page.goto(`${host.url}/dev/sms?to=${encodeURIComponent(northAmerica[0]!)}`);
    await expect.poll(() => page.locator('.media img').evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)).toBe(true);
  });

  it('imports a file of mobile numbers from an MMS campaign\'s upload-file and comes back to the MMS wizard with the new group included', async () => {
    // Prepare
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/sms/create-campaign/save', { campaignName: 'MMS upload', type: 'MMS' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const csv = ['Mobile', '+14155550111', '+14155550112'].join('\n');
    await page.goto(`${host.url}/#/sms-and-mms/create-mms-campaign/upload-file?id=${id}`);
    await page.getByTestId('upload-file-step').waitFor();

    // Act: to the contact import, carrying the campaign and its type.
    await page.getByTestId('open-contact-import').click();
    await page.waitForURL(/import-contacts\?campaign=[0-9A-Z]+&campaignType=MMS/);
    await expect.poll(() => page.getByTestId('import-for-campaign').textContent()).toContain('MMS upload');
    await page.getByTestId('import-file-input').setInputFiles({ name: 'mobiles.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-confirm-page').waitFor();
    await expect.poll(() => page.getByTestId('import-new-group-name').inputValue()).toMatch(/^MMS upload – uploaded /);
    const groupName = await page.getByTestId('import-new-group-name').inputValue();
    await page.getByTestId('import-start').click();

    // Assess: back in the MMS wizard, the group included in the saved selection, its members counted on the sms channel.
    await page.waitForURL(/create-mms-campaign\/upload-file\?id=[0-9A-Z]+$/);
    const groups = await call<{ data: { id: string; name: string }[] }>(host.api, demo, 'GET', `/groups?search=${encodeURIComponent(groupName)}`);
    const group = groups.body.data.find((each) => each.name === groupName);
    const saved = async () => (await call<{ command: { selection?: { includedGroup: string[] } } }>(host.api, demo, 'GET', `/sms/create-campaign/save?id=${id}`)).body.command;
    await expect.poll(async () => (await saved()).selection?.includedGroup).toEqual([group?.id]);
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count'), { timeout: PIPELINE_TIMEOUT_MS }).toBe('2');
  });

  it('sends from a verified sender ID chosen on the sender-id step, and offers no unverified one', async () => {
    // Prepare: one sender ID support approved, one still pending.
    const requested = async (senderId: string) => {
      const answer = await call<{ senderId: { id: string } }>(host.api, demo, 'POST', '/sms/sender-ids', { senderId });
      if (answer.status !== 201) throw new Error(`POST sms/sender-ids answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.senderId.id;
    };
    const verified = await requested('DemoShop');
    const pending = await requested('DemoSale');
    const { tuid } = decodeJwt((await page.evaluate(() => window.localStorage.getItem('session.token'))) ?? '');
    await approveSenderId({ tuid: String(tuid), id: verified, now: new Date() });
    const number = '+85291230001';
    await seedMobiles('Named sender readers', [number]);

    // Act: the group, then the sender-id step.
    await createCampaign('SMS', 'From our name');
    await page.locator('[data-testid="recipient-group"][data-group-name="Named sender readers"]').getByTestId('group-choice-include').click();
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count')).toBe('1');
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/sender-id\?id=/);
    const option = (value: string) => page.locator(`[data-testid="sender-id-option"][data-value="${value}"]`);

    // Assess: the pending ID is offered but cannot be chosen.
    await option(pending).waitFor();
    expect(await option(pending).locator('input').isDisabled()).toBe(true);

    // Act: choose the verified one, write the message, send.
    await option(verified).click();
    await expect.poll(() => option(verified).locator('input').isChecked()).toBe(true);
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/select-template\?id=/);
    await page.getByTestId('write-message').click();
    await page.getByTestId('campaign-message-editor').waitFor();
    await page.getByTestId('message-text').fill('DemoShop: new arrivals this week.');
    await page.getByTestId('template-save').click();
    await page.getByTestId('editor-save-state').getByText('All changes saved', { exact: true }).waitFor();
    await page.getByTestId('review-send').click();
    await page.getByTestId('send-dialog').waitFor();
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/sms-and-mms\/campaign-report\?id=/);

    // Assess: the message came from the chosen sender ID.
    await expect.poll(async () => (await inbox(number)).map((sms) => [sms.from, sms.text]), { timeout: PIPELINE_TIMEOUT_MS }).toContainEqual(['DemoShop', 'DemoShop: new arrivals this week.']);
  });
});
