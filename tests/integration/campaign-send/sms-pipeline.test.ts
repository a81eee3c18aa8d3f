/**
 * SMS and MMS campaigns through the same planner and delivery workers as email: each recipient
 * costed at their country's rate (segments of their own personalised text), numbers the account
 * may not send to skipped, SMS credits reserved exactly and never overspent, MMS only where MMS
 * goes, media from the file manager, a provider opt-out turned into an unsubscribe, and the
 * receipts' outcomes (with their failure reasons) in the report.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSink, type SinkSms } from '../../../functions/channels/sink.js';
import { sinkEventsPublished, SMS_SIMULATOR_NUMBERS } from '../../../functions/channels/sink-events.js';
import { getAccount } from '../../../functions/data/accounts.js';
import { getCampaignCountersWithCountries } from '../../../functions/data/campaign-counters.js';
import { getReportTotals } from '../../../functions/data/campaign-engagement.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { getContact } from '../../../functions/data/contacts.js';
import { listNotifications } from '../../../functions/data/notifications.js';
import { createPendingUpload, recordUploadedFile } from '../../../functions/data/file-manager.js';
import { addAllowedCallingCode } from '../../../functions/data/sms-settings.js';
import { followShortLink } from '../../../functions/services/campaigns/tracking.js';
import { keys, RECIPIENT_SHARDS } from '../../../functions/data/keys.js';
import { queryPages } from '../../../functions/data/table-client.js';
import { campaignShortCode } from '../../../functions/lib/short-links.js';
import { purgeDeletedCampaigns } from '../../../functions/services/campaigns/campaign-purge.js';
import { deleteCampaigns } from '../../../functions/services/campaigns/campaigns.js';
import { campaignAudienceSetId } from '../../../functions/services/contacts/recipients.js';
import { countSmsSegments } from '../../../shared/domain/sms-segments.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { smsCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
});

/** About 210 GSM-7 characters once personalised: two segments (153 each) for every recipient. */
const TWO_SEGMENT_TEXT = `Hi {{ field:f1 | there }}, ${'spring sale '.repeat(20)}`.slice(0, 200);

async function smsOf(campaignId: string): Promise<SinkSms[]> {
  return (await readSink(testTable.sinkDir, 'sms', { limit: 100_000 })).filter((sms) => sms.tags?.campaignId === campaignId);
}

async function countItems(partition: string): Promise<number> {
  let count = 0;
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partition }, ProjectionExpression: 'PK' })) count += page.length;
  return count;
}

/** Runs the planner and the delivery workers until the campaign is through. */
async function send(...args: Parameters<typeof startedCampaign>) {
  const started = await startedCampaign(...args);
  await drainQueue('campaign-plan');
  await drainQueue('campaign-delivery');
  return started;
}

describe('an SMS campaign', () => {
  it('costs each recipient at their country, skips countries not allowed, and spends exactly what it reserved', async () => {
    // Prepare: Hong Kong and the United States allowed; one Chinese number is not.
    const account = await seedAccount({ smsCredits: 1_000 });
    await addAllowedCallingCode(account.tuid, '852', new Date().toISOString());
    await addAllowedCallingCode(account.tuid, '1', new Date().toISOString());
    const mobiles = ['+85291234501', '+85291234502', '+85291234503', '+12015550123', '+8613800138000'];
    await seedContacts(account.tuid, mobiles.length, { emailOf: () => null, mobileOf: (n) => mobiles[n]! });

    // Act
    const { campaignId } = await send(account, smsCommand({ message: `${TWO_SEGMENT_TEXT}{{ field:f1 }}` }), 'sms');

    // Assess
    const messages = await smsOf(campaignId);
    expect(messages.map((sms) => sms.to).sort()).toEqual(['+12015550123', '+85291234501', '+85291234502', '+85291234503']);
    for (const sms of messages) expect(countSmsSegments(sms.text).segments).toBe(2);
    const { counters, countries } = await getCampaignCountersWithCountries(account.tuid, campaignId);
    expect(counters).toMatchObject({ recipients: 5, sent: 4, unsent: 1, failed: 0, skipped: 1, segments: 8, creditsUsed: 8 });
    expect(countries).toEqual([
      { country: 'HK', sent: 3, credits: 6 },
      { country: 'US', sent: 1, credits: 2 },
    ]);
    expect((await getAccount(account.tuid))?.credits.sms).toBe(1_000 - 8);
    expect((await getCampaignRecord(account.tuid, campaignId))?.status).toBe('finished');
    const { notifications } = await listNotifications({ userId: account.tuid, filter: { type: 'smsCampaign' }, offset: 0, limit: 10, now: new Date() });
    expect(notifications.map((notice) => notice.message.type).sort()).toEqual(['finished', 'started']);
  });

  it('returns to draft when the SMS credits do not cover it, taking nothing', async () => {
    // Prepare
    const account = await seedAccount({ smsCredits: 2, emailCredits: 10_000 });
    await seedContacts(account.tuid, 3, { mobileOf: (n) => `+8529123460${n}` });

    // Act
    const { campaignId } = await send(account, smsCommand(), 'sms');

    // Assess
    const record = await getCampaignRecord(account.tuid, campaignId);
    expect(record).toMatchObject({ status: 'draft', draftReason: 'insufficientSmsCredits' });
    expect(await smsOf(campaignId)).toHaveLength(0);
    expect((await getAccount(account.tuid))?.credits).toMatchObject({ sms: 2, email: 10_000 });
  });

  it('fails a number that opted out with the provider and unsubscribes it, returning its credit', async () => {
    // Prepare
    const account = await seedAccount({ smsCredits: 100 });
    const [delivered, optedOut] = await seedContacts(account.tuid, 2, { mobileOf: (n) => ['+85291234511', SMS_SIMULATOR_NUMBERS.optedOut][n]! });

    // Act
    const { campaignId } = await send(account, smsCommand(), 'sms');

    // Assess
    expect((await smsOf(campaignId)).map((sms) => sms.to)).toEqual([delivered!.mobile]);
    const { counters } = await getCampaignCountersWithCountries(account.tuid, campaignId);
    expect(counters).toMatchObject({ sent: 1, unsent: 1, skipped: 1, failed: 0, creditsUsed: 1 });
    expect((await getContact(account.tuid, optedOut!.id))?.smsSubscribe).toBe(false);
    expect((await getAccount(account.tuid))?.credits.sms).toBe(99);
  });

  it('reports the receipts: delivered messages, and failures counted by their status', async () => {
    // Prepare
    const account = await seedAccount({ smsCredits: 100 });
    await seedContacts(account.tuid, 3, { mobileOf: (n) => ['+85291234521', '+85291234522', SMS_SIMULATOR_NUMBERS.invalid][n]! });
    const { campaignId } = await send(account, smsCommand(), 'sms');

    // Act
    await sinkEventsPublished();
    await drainQueue('delivery-events');

    // Assess
    const { counters } = await getCampaignCountersWithCountries(account.tuid, campaignId);
    expect(counters).toMatchObject({ sent: 3, delivered: 2, failed: 1, hardBounces: 0 });
    expect((await getReportTotals(account.tuid, campaignId)).failureReasons).toEqual([{ reason: 'INVALID', count: 1 }]);
  });
});

describe('links in an SMS', () => {
  it('are short, lead only to where the message linked, and count each click for its recipient', async () => {
    // Prepare
    const account = await seedAccount({ smsCredits: 100 });
    await seedContacts(account.tuid, 2, { mobileOf: (n) => `+8529123454${n}` });
    const { campaignId } = await send(account, smsCommand({ message: 'Sale: https://shop.example.com/spring?utm=sms. Stop: reply STOP' }), 'sms');
    const [first, second] = await smsOf(campaignId);
    const shortLink = /(https?:\/\/\S+\/t\/s\/(\S+?))\.? Stop/.exec(first!.text);

    // Act
    const token = shortLink![2]!;
    const followed = await followShortLink({ token, userAgent: 'Phone', now: new Date() });
    // Its last character changed (to one it is not: a token ending in x once made the "forgery" the token itself).
    const forged = await followShortLink({ token: `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, userAgent: 'Phone', now: new Date() });
    await drainQueue('delivery-events');

    // Assess: the link's own part is about 20 characters whatever the address, and each recipient has their own.
    expect(token.length).toBeLessThanOrEqual(20);
    expect(second!.text).not.toBe(first!.text);
    expect(followed).toBe('https://shop.example.com/spring?utm=sms');
    expect(forged).toBeNull();
    expect((await getCampaignCountersWithCountries(account.tuid, campaignId)).counters).toMatchObject({ clicks: 1, uniqueClicks: 1 });
  });
});

describe('deleting a sent campaign', () => {
  it('leaves its report, claims, batches, audience and short links to the daily purge, which removes them all', async () => {
    // Prepare: a sent SMS campaign with a tracked link, its receipts and a click recorded.
    const account = await seedAccount({ smsCredits: 100 });
    await seedContacts(account.tuid, 3, { mobileOf: (n) => `+8529123456${n}` });
    const { campaignId, runId } = await send(account, smsCommand({ message: 'See https://shop.example.com/a' }), 'sms');
    const [first] = await smsOf(campaignId);
    await followShortLink({ token: /\/t\/s\/(\S+)/.exec(first!.text)![1]!, userAgent: 'Phone', now: new Date() });
    await sinkEventsPublished();
    await drainQueue('delivery-events');
    const partitions = [
      keys.campaignDataPartition(account.tuid, campaignId),
      keys.campaignBatchPartition(account.tuid, campaignId, runId),
      ...Array.from({ length: RECIPIENT_SHARDS }, (_, shard) => keys.campaignRecipientPartition(account.tuid, campaignId, shard)),
      keys.contactSetPartition(account.tuid, campaignAudienceSetId(campaignId)),
      keys.shortLinkCode(await campaignShortCode(account.tuid, campaignId)).PK,
    ];
    const itemsLeft = async () => (await Promise.all(partitions.map(countItems))).reduce((sum, count) => sum + count, 0);
    expect(await itemsLeft()).toBeGreaterThan(10);

    // Act
    await deleteCampaigns({ tuid: account.tuid, loginTuid: account.tuid, family: 'sms', campaignIds: [campaignId], now: new Date() });
    const beforePurge = await itemsLeft();
    const purge = await purgeDeletedCampaigns();
    const again = await purgeDeletedCampaigns();

    // Assess
    expect(beforePurge).toBeGreaterThan(10);
    expect(purge.purged).toBeGreaterThanOrEqual(1);
    expect(await itemsLeft()).toBe(0);
    expect(again).toEqual({ purged: 0, stale: 0 });
  });
});

describe('an MMS campaign', () => {
  it('goes with its media from the file manager, only to countries that take MMS, at the MMS rate', async () => {
    // Prepare: an image in the file manager; a US and a Hong Kong contact.
    const account = await seedAccount({ smsCredits: 100 });
    const uploadId = randomUUID();
    const file = { kind: 'file' as const, id: uploadId, parentId: 'root', name: 'sale.png', nameKey: 'sale.png', size: 120_000, contentType: 'image/png', objectKey: `${account.tuid}/${uploadId}/sale.png`, createTime: new Date().toISOString(), updateTime: new Date().toISOString() };
    await createPendingUpload(account.tuid, { uploadId, parentId: 'root', name: file.name, contentType: file.contentType, declaredSize: file.size, pendingKey: `pending/${uploadId}`, objectKey: file.objectKey, createTime: file.createTime, expiresAt: Math.floor(Date.now() / 1000) + 900 });
    expect(await recordUploadedFile({ tuid: account.tuid, uploadId, file, quotaBytes: 10_000_000 })).toBe('ok');
    await seedContacts(account.tuid, 2, { mobileOf: (n) => ['+12015550124', '+85291234531'][n]! });
    const command = smsCommand({ subject: 'Spring', message: 'Our new range', content: { components: [{ type: 'image', contentId: uploadId, filename: 'sale.png', size: 120_000, mimeType: 'image/png' }] } });

    // Act
    const { campaignId } = await send(account, command, 'mms');

    // Assess
    const [mms, ...others] = await smsOf(campaignId);
    expect(others).toHaveLength(0);
    // End User Messaging has no subject: it leads the body.
    expect(mms).toMatchObject({ to: '+12015550124', text: 'Spring\nOur new range', mediaUrls: [`s3://${process.env.CONTENT_BUCKET}/${file.objectKey}`] });
    const { counters, countries } = await getCampaignCountersWithCountries(account.tuid, campaignId);
    expect(counters).toMatchObject({ sent: 1, skipped: 1, creditsUsed: 3, segments: 1 });
    expect(countries).toEqual([{ country: 'US', sent: 1, credits: 3 }]);
    expect((await getAccount(account.tuid))?.credits.sms).toBe(97);
  });

  it('returns to draft with a content problem when its media file was deleted', async () => {
    // Prepare
    const account = await seedAccount({ smsCredits: 100 });
    await seedContacts(account.tuid, 1, { mobileOf: () => '+12015550125' });
    const command = smsCommand({ message: 'Look', content: { components: [{ type: 'image', contentId: 'gone-file', filename: 'gone.png', size: 1_000, mimeType: 'image/png' }] } });

    // Act
    const { campaignId } = await send(account, command, 'mms');

    // Assess
    expect(await getCampaignRecord(account.tuid, campaignId)).toMatchObject({ status: 'draft', draftReason: 'contentProblem' });
    expect((await getAccount(account.tuid))?.credits.sms).toBe(100);
  });
});
