/**
 * Delivers one batch of a campaign run (the campaign-delivery queue's message).
 *
 * The campaign's status is read once per batch: paused parks the batch (resume re-enqueues it),
 * stopped drops it (its credits return when the run settles), sending sends. An attempt first
 * takes the batch's lease, then claims each recipient before it is sent (one write each, plain
 * batch puts in a first send); the batch's end is one transaction recording which recipients are
 * done and adding the counts, under the lease's version. So a redelivered batch sends nothing
 * twice, and a worker that dies mid-batch leaves a lease that the next attempt takes over once it
 * is older than the queue's visibility timeout: the recipients it had claimed are sent again and
 * counted as retried, the only window for a duplicate.
 *
 * Throttling is retried with back-off inside the batch; if the transport still refuses, what was
 * sent is recorded, the unsent recipients' claims are released and the batch fails, so SQS brings
 * it back later: nothing is dropped and nothing sent twice.
 */
import {
  backOffMs,
  MAX_SLOT_WAIT_MS,
  messageNotBefore,
  PROGRESS_EVERY_MS,
  sendsInFlight,
  THROTTLE_ATTEMPTS,
} from '../../../../shared/domain/campaign-send.js';
import { isSending } from '../../../../shared/domain/campaign-states.js';
import { unreachableOutcome, type UnsentOutcome } from '../../../../shared/domain/campaign-engagement.js';
import type { ContactRecord } from '../../../../shared/domain/contacts.js';
import { campaignMailTransport } from '../../../channels/mail.js';
import { campaignSmsTransport } from '../../../channels/sms.js';
import { getCampaignRecord, type CampaignRecord } from '../../../data/campaigns.js';
import {
  claimRecipients,
  deleteParkedBatches,
  dropBatch,
  getCampaignAndBatch,
  getRecipientClaims,
  leaseBatch,
  parkBatch,
  putRecipientClaims,
  recordBatch,
  releaseBatchLease,
  releaseRecipientClaims,
  type BatchOutcome,
  type ClaimResult,
} from '../../../data/campaign-runs.js';
import { getContacts } from '../../../data/contacts.js';
import { createLimiter } from '../../../lib/concurrency.js';
import { logger } from '../../../lib/logger.js';
import { enqueueDeliveryBatches, type TCampaignDeliveryMessage } from '../../../queues/campaign-delivery.js';
import { recordUnsentOutcomes } from '../delivery-events.js';
import { finishRunIfSettled, reportRunProgress } from './run-control.js';
import { compiledRun, runSender, sendRateOf, type RunSender, type Transports } from './run-sender.js';

export type DeliveryOptions = {
  /** The channels' transports; by default the configured ones (the sink locally, SES and End User Messaging in AWS). */
  transports?: Partial<Transports>;
  /** How old a claim must be before another attempt takes it over: the queue's visibility timeout. */
  staleAfterMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/** The batch is not finished and must come back later (SQS redelivers it after its visibility timeout). */
export class BatchRetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchRetryLater';
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ResolvedOptions = Required<Omit<DeliveryOptions, 'transports'>>;

/** What was sent (or settled without a send, and why), and what it cost: credits, message parts and the destination countries (SMS and MMS). */
type SendOutcome = {
  sent: number[];
  notSent: Map<number, UnsentOutcome>;
  unsent: number[];
  credits: number;
  segments: number;
  countries: Map<string, { sent: number; credits: number }>;
};

/** Sends to claimed recipients, several at once, each no earlier than its slot when a rate is set. */
async function sendAll(
  recipients: readonly ContactRecord[],
  sender: RunSender,
  ref: { tuid: string; campaignId: string },
  slotStart: number,
  options: ResolvedOptions,
): Promise<SendOutcome> {
  const { now, sleep, random } = options;
  const rate = sendRateOf(sender.channel);
  const outcome: SendOutcome = { sent: [], notSent: new Map(), unsent: [], credits: 0, segments: 0, countries: new Map() };
  // Once one message has exhausted its retries the transport is saturated: the rest wait for the batch's retry.
  let givingUp = false;
  const sendOne = async (contact: ContactRecord, index: number) => {
    const at = messageNotBefore(slotStart, index, rate);
    if (at > now()) await sleep(at - now());
    if (givingUp) return void outcome.unsent.push(contact.id);
    const outgoing = sender.compose(contact, ref, new Date(now()));
    // A number this run cannot reach (its country is not allowed, or takes no MMS) fails without a send.
    if (!outgoing) return void outcome.notSent.set(contact.id, { kind: 'skipped', reason: 'countryNotAllowed' });
    for (let attempt = 1; ; attempt += 1) {
      try {
        await outgoing.send();
        const { credits, segments, country } = outgoing.cost;
        outcome.credits += credits;
        outcome.segments += segments;
        if (country) {
          const tally = outcome.countries.get(country) ?? { sent: 0, credits: 0 };
          outcome.countries.set(country, { sent: tally.sent + 1, credits: tally.credits + credits });
        }
        return void outcome.sent.push(contact.id);
      } catch (error) {
        const kind = sender.failureKind(error);
        if (kind === 'permanent') {
          logger.warn('campaign message refused', { campaignId: ref.campaignId, contactId: contact.id, error });
          await sender.whenRefused(error, contact, ref, new Date(now()));
          return void outcome.notSent.set(contact.id, sender.refusalOutcome(error));
        }
        if (attempt >= THROTTLE_ATTEMPTS || givingUp) {
          givingUp = true;
          return void outcome.unsent.push(contact.id);
        }
        await sleep(backOffMs(attempt, random()));
      }
    }
  };
  // Started in order, each at its slot: a slow answer holds up only its own message.
  const limit = createLimiter(sendsInFlight(rate));
  await Promise.all(recipients.map((contact, index) => limit(() => sendOne(contact, index))));
  return outcome;
}

/**
 * Claims the leased batch's recipients. In a first send the lease keeps every other attempt away,
 * so the claims are plain puts; an attempt that took the batch over counts the claims its stopped
 * predecessor left as retried. A recovery claims conditionally: a worker of the stopped run it
 * recovers may still be sending, and whoever that run claimed is not sent again.
 */
async function claimLeased(ref: { tuid: string; campaignId: string; runId: string }, firstSend: boolean, contactIds: readonly number[], takenOver: boolean, options: ResolvedOptions): Promise<ClaimResult> {
  const { tuid, campaignId, runId } = ref;
  const now = options.now();
  if (!firstSend) return claimRecipients({ tuid, campaignId, runId, contactIds, now, staleAfterMs: options.staleAfterMs });
  const earlier = takenOver && contactIds.length > 0 ? await getRecipientClaims(tuid, campaignId, contactIds) : new Map<number, string>();
  await putRecipientClaims(tuid, campaignId, runId, contactIds, now);
  return { claimed: [...contactIds], retried: contactIds.filter((id) => earlier.get(id) === runId), busy: [], reached: [] };
}

/** Sets a paused campaign's batch aside; answers the status to go on with if a resume or stop raced the park. */
async function park(message: TCampaignDeliveryMessage, pending: readonly number[]): Promise<CampaignRecord | null> {
  const { tuid, campaignId, runId, seq } = message;
  await parkBatch({ tuid, campaignId, runId, seq }, pending);
  // A resume that listed parked batches just before this park did not see it: look once more.
  const after = await getCampaignRecord(tuid, campaignId);
  if (!after || after.run?.runId !== runId || after.status === 'paused') return null;
  await deleteParkedBatches(tuid, campaignId, runId, [seq]);
  return after;
}

async function drop(message: TCampaignDeliveryMessage, outcome: BatchOutcome, now: number): Promise<void> {
  const { tuid, campaignId, runId, seq } = message;
  if (await dropBatch({ tuid, campaignId, runId, seq }, outcome)) await finishRunIfSettled({ tuid, campaignId, runId, now: new Date(now) });
}

// Progress is reported at most every few seconds per run; this worker does not even ask the store more often.
const lastProgressAsk = new Map<string, number>();

export async function deliverBatch(message: TCampaignDeliveryMessage, deliveryOptions: DeliveryOptions): Promise<void> {
  const options: ResolvedOptions = {
    staleAfterMs: deliveryOptions.staleAfterMs,
    now: deliveryOptions.now ?? Date.now,
    sleep: deliveryOptions.sleep ?? realSleep,
    random: deliveryOptions.random ?? Math.random,
  };
  const { now } = options;
  const { tuid, campaignId, runId, seq } = message;
  const ref = { tuid, campaignId, runId, seq };
  const { record: current, outcome } = await getCampaignAndBatch(ref);
  let record = current;
  if (!record?.run || record.run.runId !== runId) return;
  if (outcome.state === 'done' || outcome.state === 'dropped') return;
  // Whatever the campaign's status, a live attempt finishes the batch it holds.
  if (outcome.leasedAt !== null && outcome.leasedAt > now() - options.staleAfterMs) throw new BatchRetryLater(`batch ${seq} of ${campaignId} is being sent by another attempt`);
  const alreadyDone = new Set(outcome.doneIds);
  const pending = message.contactIds.filter((id) => !alreadyDone.has(id));

  if (record.status === 'paused') {
    record = await park(message, pending);
    if (!record) return;
  }
  if (!isSending(record.status)) return drop(message, outcome, now());

  // Far from its slot (a long rate-limited run): back on the queue rather than holding a worker.
  const wait = message.notBefore - now();
  if (wait > MAX_SLOT_WAIT_MS) return enqueueDeliveryBatches([message], now());
  if (wait > 0) await options.sleep(wait);

  const [compiled, contacts] = await Promise.all([compiledRun({ tuid, campaignId, runId, channel: record.channel, commandKey: record.run?.commandKey ?? record.commandKey }), getContacts(tuid, pending)]);
  const sender = runSender(compiled, { mail: deliveryOptions.transports?.mail ?? campaignMailTransport(), sms: deliveryOptions.transports?.sms ?? campaignSmsTransport() });
  // Unsubscribed, bounced or deleted since the plan: not sent, skipped with the reason, credit returned.
  const reachable = pending.filter((id) => {
    const contact = contacts.get(id);
    return contact !== undefined && sender.reaches(contact);
  });
  const unreachable = pending.filter((id) => !reachable.includes(id));
  const channel = record.channel === 'email' ? 'email' : 'sms';
  const version = await leaseBatch(ref, outcome, now());
  if (version === null) throw new BatchRetryLater(`batch ${seq} of ${campaignId} was taken by another attempt`);
  const claim = await claimLeased(ref, record.run?.kind === 'send', reachable, outcome.leasedAt !== null, options);
  if (claim.busy.length > 0) {
    await releaseRecipientClaims(tuid, campaignId, claim.claimed);
    await releaseBatchLease(ref, outcome, version);
    throw new BatchRetryLater(`batch ${seq} of ${campaignId}: ${claim.busy.length} recipients are being sent by another worker`);
  }

  const recipients = claim.claimed.map((id) => contacts.get(id)!);
  const sent = await sendAll(recipients, sender, { tuid, campaignId }, message.notBefore > 0 ? message.notBefore : now(), options);
  for (const id of unreachable) sent.notSent.set(id, unreachableOutcome(contacts.get(id), channel));
  // Before the batch is recorded: a crash in between records them again under the same event ids.
  await recordUnsentOutcomes({ tuid, campaignId, runId, outcomes: sent.notSent, addresses: contacts, channel, now: new Date(now()) });
  const doneIds = [...outcome.doneIds, ...claim.reached, ...sent.sent, ...sent.notSent.keys()];
  const counts = {
    sent: sent.sent.length,
    unsent: sent.notSent.size,
    retried: claim.retried.length,
    creditsUsed: sent.credits,
    segments: sent.segments,
    countries: sent.countries,
  };
  if (sent.unsent.length > 0) {
    await releaseRecipientClaims(tuid, campaignId, sent.unsent);
    // Either records the progress, which ends the lease, or gives the lease back: the retry goes at once.
    if (doneIds.length > outcome.doneIds.length) await recordBatch(ref, { state: 'partial', doneIds, previousVersion: version }, counts);
    else await releaseBatchLease(ref, outcome, version);
    throw new BatchRetryLater(`batch ${seq} of ${campaignId}: transport still throttling, ${sent.unsent.length} recipients left for a retry`);
  }
  const recorded = await recordBatch(ref, { state: 'done', doneIds, previousVersion: version }, counts);
  if (!recorded.recorded) return;

  const at = new Date(now());
  if (recorded.mayBeLast) await finishRunIfSettled({ tuid, campaignId, runId, now: at });
  const progressKey = `${tuid}/${runId}`;
  if (at.getTime() - (lastProgressAsk.get(progressKey) ?? 0) >= PROGRESS_EVERY_MS) {
    if (lastProgressAsk.size > 100) lastProgressAsk.clear();
    lastProgressAsk.set(progressKey, at.getTime());
    await reportRunProgress({ tuid, record, runId, everyMs: PROGRESS_EVERY_MS, now: at });
  }
}
