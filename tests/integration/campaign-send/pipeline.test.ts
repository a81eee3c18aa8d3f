/**
 * The send pipeline end to end on the embedded emulators: the planner and delivery workers driven
 * through their queues, the local sink as the transport, the real table for claims, counters,
 * credits and the ledger.
 */
import { PurgeQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import PostalMime from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { getAccount } from '../../../functions/data/accounts.js';
import { getCampaignCounters, getTrackedLinks } from '../../../functions/data/campaign-counters.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { getContactSet } from '../../../functions/data/contact-sets.js';
import { findContactIdByIdentity } from '../../../functions/data/contacts.js';
import { getLedgerEntry } from '../../../functions/data/credit-ledger.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import type { TCampaignDeliveryMessage } from '../../../functions/queues/campaign-delivery.js';
import { planCampaignRun } from '../../../functions/services/campaigns/campaign-send/plan.js';
import { campaignAudienceSetId } from '../../../functions/services/contacts/recipients.js';
import { DELIVERY_BATCH_SIZE, MAX_BATCH_SECONDS } from '../../../shared/domain/campaign-send.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages, takePlanMessages } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';
import { platformSender } from '../../../functions/channels/mail.js';
import { domainOfAddress } from '../../../shared/domain/sender-identities.js';

let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  setDeliveryBatchSize(50);
});

async function mailTo(campaignId: string) {
  return (await readSink(testTable.sinkDir, 'mail', { limit: 100_000 })).filter((mail) => mail.tags?.campaignId === campaignId);
}

describe('a campaign sent through the planner and delivery queues', () => {
  it('sends one message per reachable contact, counts them and keeps the credits of those sent', async () => {
    // Prepare
    const account = await seedAccount({ emailCredits: 1_000 });
    await seedContacts(account.tuid, 120, { unsubscribed: (n) => n % 40 === 0 });
    const { campaignId, runId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    expect(await drainQueue('campaign-plan')).toBe(1);
    const batches = await drainQueue('campaign-delivery');

    // Assess
    const mails = await mailTo(campaignId);
    expect(batches).toBe(3);
    expect(mails).toHaveLength(117);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(117);
    expect(await getCampaignCounters(account.tuid, campaignId)).toMatchObject({ recipients: 117, sent: 117, failed: 0, possiblySentTwice: 0 });
    const record = await getCampaignRecord(account.tuid, campaignId);
    expect(record?.status).toBe('finished');
    expect(record?.run?.recipients).toBe(117);
    expect(record?.run?.finishTime).not.toBeNull();
    expect((await getAccount(account.tuid))?.credits.email).toBe(1_000 - 117);
    expect(await getLedgerEntry(account.tuid, `${runId}#reserve`)).toMatchObject({ delta: -117, reason: 'campaignReserve', campaignId });
    expect(await getLedgerEntry(account.tuid, `${runId}#refund`)).toBeNull();
    expect([...(await getContactSet(account.tuid, campaignAudienceSetId(campaignId))).ids()]).toHaveLength(117);
    expect(await getTrackedLinks(account.tuid, campaignId)).toEqual(['https://example.com/offer']);
  });

  it('builds MIME a real parser reads: RFC 8058 headers, personalised subject, text and HTML parts', async () => {
    // Prepare
    const account = await seedAccount();
    const [contact] = await seedContacts(account.tuid, 1);
    const { campaignId } = await startedCampaign(account, emailCommand(account.login, { subject: 'Ofertas de primavera — 春季優惠 {{ field:f1 }}' }));

    // Act
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');
    const [mail] = await mailTo(campaignId);
    const parsed = await PostalMime.parse(mail!.raw!);

    // Assess
    const header = (name: string) => parsed.headers.find((entry) => entry.key === name)?.value;
    expect(header('list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:3000\/t\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(parsed.subject).toBe(`Ofertas de primavera — 春季優惠 Name${contact!.id}`);
    // The login's domain is not verified in SES: the platform's sending domain sends on its behalf.
    expect(parsed.from).toMatchObject({ name: `Shop Ltd via ${platformSender().name}`, address: `${account.login.replace('@', '=')}@${domainOfAddress(platformSender().address)}` });
    expect(parsed.replyTo?.[0]).toMatchObject({ address: 'replies@example.com' });
    expect(parsed.to?.[0]).toMatchObject({ address: contact!.email });
    expect(parsed.messageId?.endsWith(`@${domainOfAddress(platformSender().address)}>`)).toBe(true);
    expect(parsed.html).toContain(`Hello Name${contact!.id}`);
    expect(parsed.html).toMatch(/<div style="display:none[^"]*">Our best prices<\/div>/);
    expect(parsed.html).toMatch(/href="http:\/\/127\.0\.0\.1:3000\/t\/click\/[\w-]+\.[\w-]+\?l=0"/);
    expect(parsed.html).toMatch(/<img[^>]+\/t\/open\//);
    expect(parsed.text).toContain(`Hello Name${contact!.id}`);
    expect(parsed.text).toContain('Offer (https://example.com/offer)');
    expect(parsed.text).not.toContain('Our best prices');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('publishes SES-format events in SNS envelopes to the delivery-events queue, bounces and complaints as the simulator would', async () => {
    // Prepare
    const account = await seedAccount();
    const addresses = ['bounce@simulator.amazonses.com', 'complaint@simulator.amazonses.com', 'ooto@simulator.amazonses.com', 'someone@example.com'];
    await seedContacts(account.tuid, addresses.length, { emailOf: (n) => addresses[n]! });
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');
    await sinkEventsPublished();
    const events: Array<{ eventType: string; mail: { destination: string[]; tags: Record<string, string[]> }; bounce?: { bounceType: string } }> = [];
    for (;;) {
      const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: process.env.QUEUE_URL_DELIVERY_EVENTS!, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 300 }));
      if (!received.Messages?.length) break;
      for (const message of received.Messages) {
        const envelope = JSON.parse(message.Body!) as { Type: string; Message: string; TopicArn: string };
        expect(envelope.Type).toBe('Notification');
        events.push(JSON.parse(envelope.Message));
      }
    }

    // Assess
    const ofCampaign = events.filter((event) => event.mail.tags.campaignId?.[0] === campaignId);
    const kinds = (address: string) => ofCampaign.filter((event) => event.mail.destination[0] === address).map((event) => event.eventType + (event.bounce ? `:${event.bounce.bounceType}` : ''));
    expect(kinds('bounce@simulator.amazonses.com')).toEqual(['Bounce:Permanent']);
    expect(kinds('ooto@simulator.amazonses.com')).toEqual(['Bounce:Transient']);
    expect(kinds('complaint@simulator.amazonses.com')).toEqual(['Delivery', 'Complaint']);
    expect(kinds('someone@example.com')).toEqual(['Delivery']);
    expect(ofCampaign[0]!.mail.tags.tuid).toEqual([account.tuid]);
  });

  it('plans a redelivered plan message once: one set of batches, one reservation, recipients counted once', async () => {
    // Prepare
    const account = await seedAccount({ emailCredits: 500 });
    await seedContacts(account.tuid, 80);
    const { campaignId, runId } = await startedCampaign(account, emailCommand(account.login));
    const message = { tuid: account.tuid, campaignId, runId, kind: 'send' as const };

    // Act
    await drainQueue('campaign-plan');
    await planCampaignRun(message);
    const batches = await takeDeliveryMessages();

    // Assess
    expect(batches.map((batch) => batch.seq)).toEqual([0, 1]);
    expect(batches.flatMap((batch) => batch.contactIds)).toHaveLength(80);
    expect((await getAccount(account.tuid))?.credits.email).toBe(500 - 80);
    expect((await getCampaignCounters(account.tuid, campaignId)).recipients).toBe(80);
  });

  it('cuts smaller batches at a slow rate, so no batch outlasts MAX_BATCH_SECONDS', async () => {
    // Prepare: 2 messages/s, batches otherwise up to DELIVERY_BATCH_SIZE.
    const account = await seedAccount({ emailCredits: 500 });
    await seedContacts(account.tuid, 130);
    process.env.CAMPAIGN_SEND_RATE = '2';
    setDeliveryBatchSize(DELIVERY_BATCH_SIZE);
    // The later batches wait on the queue for their slots: read them as the planner sends them.
    const batches: TCampaignDeliveryMessage[] = [];
    sqsClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { QueueUrl?: string; Entries?: Array<{ MessageBody?: string }> };
        if (context.commandName === 'SendMessageBatchCommand' && input.QueueUrl === process.env.QUEUE_URL_CAMPAIGN_DELIVERY) {
          batches.push(...(input.Entries ?? []).map((entry) => JSON.parse(entry.MessageBody!) as TCampaignDeliveryMessage));
        }
        return next(args);
      },
      { step: 'initialize', name: 'readDeliveryBatches' },
    );
    try {
      // Act
      await startedCampaign(account, emailCommand(account.login));
      await drainQueue('campaign-plan');
    } finally {
      sqsClient().middlewareStack.remove('readDeliveryBatches');
      delete process.env.CAMPAIGN_SEND_RATE;
      setDeliveryBatchSize(50);
      // Its batches, delayed ones included, must not reach the next test.
      await sqsClient().send(new PurgeQueueCommand({ QueueUrl: process.env.QUEUE_URL_CAMPAIGN_DELIVERY }));
    }

    // Assess: 60 messages take 30 s at 2/s; each batch starts when the one before has had its 30 s.
    expect(batches.map((batch) => batch.contactIds.length)).toEqual([2 * MAX_BATCH_SECONDS, 2 * MAX_BATCH_SECONDS, 10]);
    expect(batches.slice(1).map((batch, n) => batch.notBefore - batches[n]!.notBefore)).toEqual([MAX_BATCH_SECONDS * 1_000, MAX_BATCH_SECONDS * 1_000]);
  });

  it('continues an interrupted plan from its checkpoint: every batch enqueued once', async () => {
    // Prepare: the queue refuses the planner's 11th SendMessageBatch call (after the first checkpoint of 100 batches).
    const account = await seedAccount({ emailCredits: 6_000 });
    await seedContacts(account.tuid, 5_100);
    const { campaignId, runId } = await startedCampaign(account, emailCommand(account.login));
    await takePlanMessages();
    let calls = 0;
    sqsClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'SendMessageBatchCommand' && ++calls === 11) throw new Error('queue unavailable');
        return next(args);
      },
      { step: 'initialize', name: 'failEleventhBatchSend' },
    );
    const message = { tuid: account.tuid, campaignId, runId, kind: 'send' as const };

    // Act
    try {
      await expect(planCampaignRun(message)).rejects.toThrow('queue unavailable');
    } finally {
      sqsClient().middlewareStack.remove('failEleventhBatchSend');
    }
    await planCampaignRun(message);
    const batches = await takeDeliveryMessages();

    // Assess
    expect(batches.map((batch) => batch.seq)).toEqual(Array.from({ length: 102 }, (_, seq) => seq));
    expect(new Set(batches.flatMap((batch) => batch.contactIds)).size).toBe(5_100);
    expect((await getAccount(account.tuid))?.credits.email).toBe(6_000 - 5_100);
  });

  it('sends to pasted addresses too: new ones become contacts, repeats of the selection go once', async () => {
    // Prepare
    const account = await seedAccount();
    const [existing] = await seedContacts(account.tuid, 3);
    const command = emailCommand(account.login, { pastedEmails: [existing!.email!, ' New.Person@Example.com ', 'not an address', 'new.person@example.com'] });
    const { campaignId } = await startedCampaign(account, command);

    // Act
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');

    // Assess
    const mails = await mailTo(campaignId);
    expect(mails.map((mail) => mail.to)).toContain(existing!.email);
    expect(mails).toHaveLength(4);
    expect(mails.filter((mail) => mail.to === 'new.person@example.com')).toHaveLength(1);
    expect(await findContactIdByIdentity(account.tuid, { email: 'new.person@example.com' })).not.toBeNull();
  });
});

describe('a send that cannot go returns to draft', () => {
  it('with too few credits: nothing is reserved, nothing enqueued, no audience left behind', async () => {
    // Prepare
    const account = await seedAccount({ emailCredits: 10 });
    await seedContacts(account.tuid, 20);
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');

    // Assess
    const record = await getCampaignRecord(account.tuid, campaignId);
    expect(record).toMatchObject({ status: 'draft', draftReason: 'insufficientEmailCredits' });
    expect((await getAccount(account.tuid))?.credits.email).toBe(10);
    expect(await takeDeliveryMessages()).toEqual([]);
    expect((await getContactSet(account.tuid, campaignAudienceSetId(campaignId))).isEmpty).toBe(true);
  });

  it('with more recipients than a free account has free credits today', async () => {
    // Prepare
    const account = await seedAccount({ free: true });
    await seedContacts(account.tuid, 301);
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');

    // Assess
    expect(await getCampaignRecord(account.tuid, campaignId)).toMatchObject({ status: 'draft', draftReason: 'insufficientEmailCredits' });
    expect((await getAccount(account.tuid))?.freeEmailUsed).toBe(0);
  });

  it('with 0 recipients', async () => {
    // Prepare
    const account = await seedAccount();
    await seedContacts(account.tuid, 5, { unsubscribed: () => true });
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');

    // Assess
    expect(await getCampaignRecord(account.tuid, campaignId)).toMatchObject({ status: 'draft', draftReason: 'noRecipients' });
  });

  it('while the login email is unverified', async () => {
    // Prepare
    const account = await seedAccount({ unverified: true });
    await seedContacts(account.tuid, 5);
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');

    // Assess
    expect(await getCampaignRecord(account.tuid, campaignId)).toMatchObject({ status: 'draft', draftReason: 'unverified' });
    expect((await getAccount(account.tuid))?.credits.email).toBe(10_000);
  });
});

describe('free accounts', () => {
  it('spend the day\'s free credits', async () => {
    // Prepare
    const account = await seedAccount({ free: true });
    await seedContacts(account.tuid, 30);
    const { campaignId } = await startedCampaign(account, emailCommand(account.login));

    // Act
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');

    // Assess
    expect(await mailTo(campaignId)).toHaveLength(30);
    expect((await getAccount(account.tuid))?.freeEmailUsed).toBe(30);
  });
});
