/**
 * Typed seeders and drivers of the send pipeline's tests: an account with credits, contacts
 * written in bulk, a campaign already started (as the lead's sendNow leaves it: status, run, the
 * planner's message), and the queues drained the way the event source mapping would, or by hand
 * when a test controls the clock and the transport.
 */
import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { createAccount, type AccountRecord } from '../../../functions/data/accounts.js';
import { insertCampaignRecord, writeCampaignCommand, type CampaignRecord } from '../../../functions/data/campaigns.js';
import { allocateContactIds, writeNewContacts } from '../../../functions/data/contacts.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { ZCampaignDeliveryMessage, type TCampaignDeliveryMessage } from '../../../functions/services/campaign-send/delivery-queue.js';
import { enqueueCampaignPlan, ZCampaignPlanMessage, type TCampaignPlanMessage } from '../../../functions/services/campaign-send/plan-queue.js';
import { newFreeAccount } from '../../../functions/services/new-account.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import type { CampaignChannel } from '../../../shared/domain/campaign-channels.js';
import type { TCampaignCommand, TEmailCampaignCommand, TSmsCampaignCommand } from '../../../shared/schemas/campaigns.js';
import { runQueueOnce } from '../../helpers/queues.js';

export async function seedAccount(options: { emailCredits?: number; smsCredits?: number; free?: boolean; unverified?: boolean } = {}): Promise<AccountRecord> {
  const base = newFreeAccount({ fullname: 'Sender', login: `sender-${randomUUID()}@example.com`, passwordHash: 'x', now: new Date() });
  const account: AccountRecord = {
    ...base,
    status: 'active',
    free: options.free ?? false,
    unverified: options.unverified ?? false,
    credits: { ...base.credits, email: options.emailCredits ?? 10_000, sms: options.smsCredits ?? 0 },
  };
  await createAccount(account);
  return account;
}

/** `count` contacts with emails `c<n>@example.com` (or as `emailOf` says) and the mobiles `mobileOf` gives; `unsubscribed` picks some out. */
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

export function sendCommand(senderEmail: string, overrides: Partial<TEmailCampaignCommand> = {}): TEmailCampaignCommand {
  return {
    selection: { includedGroup: ['system-email'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
    content: {
      kind: 'email',
      editor: 'code',
      html: '<html><body><p>Hello {{ field:f1 | there }}</p><a href="https://example.com/offer">Offer</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>',
      project: null,
    },
    subject: 'Spring offers for {{ field:f1 }}',
    preheader: 'Our best prices',
    senderName: 'Shop Ltd',
    senderEmail,
    replyTo: 'replies@example.com',
    ...overrides,
  };
}

/** An SMS campaign's command: everyone with a mobile, a personalised text. */
export function smsCommand(overrides: Partial<TSmsCampaignCommand> = {}): TSmsCampaignCommand {
  return {
    selection: { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
    message: 'Hi {{ field:f1 | there }}, spring sale today only',
    ...overrides,
  };
}

const TYPE_OF_CHANNEL = { email: 'Email', sms: 'SMS', mms: 'MMS' } as const;

/** A campaign as sendNow leaves it: started, with a run, and the planner's message on its queue. */
export async function startedCampaign(account: AccountRecord, command: TCampaignCommand, channel: CampaignChannel = 'email'): Promise<{ campaignId: string; runId: string }> {
  const now = new Date();
  const campaignId = timeOrderedId(now);
  const runId = timeOrderedId(now);
  const commandKey = await writeCampaignCommand(account.tuid, campaignId, command, now);
  const user = { loginTuid: account.tuid, name: account.fullname };
  const record: CampaignRecord = {
    id: campaignId,
    channel,
    type: TYPE_OF_CHANNEL[channel],
    name: `Campaign ${campaignId}`,
    nameKey: `campaign ${campaignId}`,
    status: 'started',
    approval: null,
    tags: [],
    subject: command.subject ?? '',
    commandKey,
    createTime: now.toISOString(),
    lastModifiedTime: now.toISOString(),
    createdBy: user,
    lastModifiedBy: user,
    scheduleTime: null,
    recurring: null,
    parentId: null,
    run: { runId, kind: 'send', startTime: now.toISOString(), startedBy: user, recipients: null, estimatedEndTime: null, finishTime: null, commandKey },
    draftReason: null,
    lock: null,
  };
  await insertCampaignRecord(account.tuid, record);
  await enqueueCampaignPlan({ tuid: account.tuid, campaignId, runId, kind: 'send' });
  return { campaignId, runId };
}

/** Runs a queue's worker until the queue is empty (the local host's poller, without waiting). */
export async function drainQueue(name: 'campaign-plan' | 'campaign-delivery' | 'delivery-events'): Promise<number> {
  let processed = 0;
  for (;;) {
    const round = await runQueueOnce(name);
    if (round.processed + round.failed === 0) return processed;
    processed += round.processed;
  }
}

/** Every message waiting on a queue, taken off it. */
async function takeMessages(queueUrl: string): Promise<unknown[]> {
  const bodies: unknown[] = [];
  for (;;) {
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!received.Messages?.length) return bodies;
    for (const message of received.Messages) {
      bodies.push(JSON.parse(message.Body ?? ''));
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
}

/** Takes every delivery batch off its queue (for tests that run deliverBatch themselves), in batch order. */
export async function takeDeliveryMessages(): Promise<TCampaignDeliveryMessage[]> {
  const bodies = await takeMessages(process.env.QUEUE_URL_CAMPAIGN_DELIVERY!);
  return bodies.map((body) => ZCampaignDeliveryMessage.parse(body)).sort((a, b) => a.seq - b.seq);
}

/** Takes the planner's messages off its queue (for tests that run planCampaignRun themselves). */
export async function takePlanMessages(): Promise<TCampaignPlanMessage[]> {
  return (await takeMessages(process.env.QUEUE_URL_CAMPAIGN_PLAN!)).map((body) => ZCampaignPlanMessage.parse(body));
}

/**
 * Runs planned from now on are cut in batches of `size` (CAMPAIGN_BATCH_SIZE): tests of what
 * happens between batches take batches of 50 rather than seed thousands of contacts.
 */
export function setDeliveryBatchSize(size: number): void {
  process.env.CAMPAIGN_BATCH_SIZE = String(size);
  resetConfigForTests();
}
