/**
 * Delivers one batch of a campaign run (the campaign-delivery queue's message).
 *
 * The campaign's status is read once per batch: paused parks the batch (resume re-enqueues it),
 * stopped drops it (its credits return when the run settles), sending sends. An attempt first
 * takes the batch's lease, then claims each recipient before it is sent (one write each, plain
 * batch puts in a first send). While it sends, grouped writes under the lease's version record
 * which recipients may be in flight (a message goes only once it is recorded so, and at most the
 * batch's sendsInFlight are) and which the transport accepted, and count the accepted ones every
 * second; the batch's end is one transaction recording which recipients are done and adding the
 * rest of the counts. So a redelivered batch sends nothing twice, and a worker that dies mid-batch
 * leaves a lease that the next attempt takes over once it is older than the queue's visibility
 * timeout: it sends only to recipients with no record, and those that were in flight (at most
 * sendsInFlight) are the only ones who may get a message twice: counted as possibly sent twice.
 *
 * Throttling is retried with back-off inside the batch; if the transport still refuses, what was
 * sent is recorded, the unsent recipients' claims are released and the batch fails, so SQS brings
 * it back later: nothing is dropped and nothing sent twice.
 */
import {
  backOffMs,
  MAX_SLOT_WAIT_MS,
  pacedSendAt,
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
  leaseBatch,
  parkBatch,
  putRecipientClaims,
  recordBatch,
  recordSendProgress,
  releaseBatchLease,
  releaseRecipientClaims,
  type BatchCounts,
  type BatchOutcome,
  type ClaimResult,
} from '../../../data/campaign-runs.js';
import { getContacts } from '../../../data/contacts.js';
import { logger } from '../../../lib/logger.js';
import { enqueueDeliveryBatches, type TCampaignDeliveryMessage } from '../../../queues/campaign-delivery.js';
import { recordUnsentOutcomes } from '../delivery-events.js';
import { finishRunIfSettled, reportRunProgress } from './run-control.js';
import { compiledRun, runSender, sendRateOf, type RunSender, type Transports } from './run-sender.js';
import { createSendWindow } from './send-window.js';

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

/** What the attempt sent, settled without a send (and why), and could not send yet; the window's done and doubted ids. */
type SendOutcome = { sentIds: number[]; notSent: Map<number, UnsentOutcome>; unsent: number[]; doneIds: number[]; doubtIds: number[]; leaseLost: boolean };

type Cost = { credits: number; segments: number; country: string | null };

/** The counters' delta for recipients sent (their cost), settled without a send, and possibly sent twice. */
function countsOf(sentIds: readonly number[], costs: ReadonlyMap<number, Cost>, unsent: number, possiblySentTwice: number): BatchCounts {
  const countries = new Map<string, { sent: number; credits: number }>();
  let creditsUsed = 0;
  let segments = 0;
  for (const id of sentIds) {
    const cost = costs.get(id);
    if (!cost) continue;
    creditsUsed += cost.credits;
    segments += cost.segments;
    if (cost.country) {
      const tally = countries.get(cost.country) ?? { sent: 0, credits: 0 };
      countries.set(cost.country, { sent: tally.sent + 1, credits: tally.credits + cost.credits });
    }
  }
  return { sent: sentIds.length, unsent, possiblySentTwice, creditsUsed, segments, countries };
}

/**
 * Sends to the attempt's recipients, several at once, each no earlier than its slot when a rate is
 * set, each only once the send window has recorded it as in flight (send-window.ts).
 */
async function sendAll(options: {
  recipients: readonly ContactRecord[];
  sender: RunSender;
  ref: { tuid: string; campaignId: string; runId: string; seq: number };
  version: number;
  recorded: BatchOutcome;
  costs: Map<number, Cost>;
  slotStart: number;
  resolved: ResolvedOptions;
}): Promise<SendOutcome> {
  const { recipients, sender, ref, version, recorded, costs, slotStart } = options;
  const { now, sleep, random } = options.resolved;
  const rate = sendRateOf(sender.channel);
  const notSent = new Map<number, UnsentOutcome>();
  const unsent: number[] = [];
  const window = createSendWindow({
    limit: sendsInFlight(rate),
    order: recipients.map((contact) => contact.id),
    recorded,
    now,
    write: (record) =>
      recordSendProgress(ref, { ...record, version, now: now() }, record.counted && countsOf(record.counted.sentIds, costs, 0, record.counted.possiblySentTwice)),
  });
  // Once one message has exhausted its retries the transport is saturated: the rest wait for the batch's retry.
  let givingUp = false;
  // When the message admitted last goes: the next goes one interval after it at the soonest.
  let previousAt: number | null = null;
  const sendOne = async (contact: ContactRecord, index: number) => {
    if (!(await window.admitted(contact.id))) return void unsent.push(contact.id);
    const at = pacedSendAt({ batchStart: slotStart, index, rate, previousAt, now: now() });
    previousAt = at;
    if (at > now()) await sleep(at - now());
    if (givingUp) {
      unsent.push(contact.id);
      return window.finished(contact.id);
    }
    const outgoing = sender.compose(contact, ref, new Date(now()));
    // A number this run cannot reach (its country is not allowed, or takes no MMS) fails without a send.
    if (!outgoing) {
      notSent.set(contact.id, { kind: 'skipped', reason: 'countryNotAllowed' });
      return window.finished(contact.id);
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await outgoing.send();
        costs.set(contact.id, outgoing.cost);
        return window.accepted(contact.id);
      } catch (error) {
        const kind = sender.failureKind(error);
        if (kind === 'permanent') {
          logger.warn('campaign message refused', { campaignId: ref.campaignId, contactId: contact.id, error });
          await sender.whenRefused(error, contact, ref, new Date(now()));
          notSent.set(contact.id, sender.refusalOutcome(error));
          return window.finished(contact.id);
        }
        if (attempt >= THROTTLE_ATTEMPTS || givingUp) {
          givingUp = true;
          window.stop();
          unsent.push(contact.id);
          return window.finished(contact.id);
        }
        await sleep(backOffMs(attempt, random()));
      }
    }
  };
  // Started in order, each at its slot: a slow answer holds up only its own message.
  await Promise.all(recipients.map((contact, index) => sendOne(contact, index)));
  const settled = await window.settle();
  return { ...settled, notSent, unsent };
}

/**
 * Claims the leased batch's recipients. In a first send the lease keeps every other attempt away,
 * so the claims are plain puts. A recovery claims conditionally: a worker of the stopped run it
 * recovers may still be sending, and whoever that run claimed is not sent again.
 */
async function claimLeased(options: { ref: { tuid: string; campaignId: string; runId: string }; firstSend: boolean; contactIds: readonly number[]; resolved: ResolvedOptions }): Promise<ClaimResult> {
  const { ref, firstSend, contactIds, resolved } = options;
  const { tuid, campaignId, runId } = ref;
  const now = resolved.now();
  if (!firstSend) return claimRecipients({ tuid, campaignId, runId, contactIds, now, staleAfterMs: resolved.staleAfterMs });
  await putRecipientClaims(tuid, campaignId, runId, contactIds, now);
  return { claimed: [...contactIds], busy: [], reached: [] };
}

/** Sets a paused campaign's batch aside; answers the status to go on with if a resume or stop raced the park. */
async function park({ message, pending }: { message: TCampaignDeliveryMessage; pending: readonly number[] }): Promise<CampaignRecord | null> {
  const { tuid, campaignId, runId, seq } = message;
  await parkBatch({ tuid, campaignId, runId, seq }, pending);
  // A resume that listed parked batches just before this park did not see it: look once more.
  const after = await getCampaignRecord(tuid, campaignId);
  if (!after || after.run?.runId !== runId || after.status === 'paused') return null;
  await deleteParkedBatches(tuid, campaignId, runId, [seq]);
  return after;
}

async function drop({ message, outcome, now }: { message: TCampaignDeliveryMessage; outcome: BatchOutcome; now: number }): Promise<void> {
  const { tuid, campaignId, runId, seq } = message;
  if (await dropBatch({ tuid, campaignId, runId, seq }, outcome)) await finishRunIfSettled({ tuid, campaignId, runId, now: new Date(now) });
}

// Progress is reported at most every few seconds per run; this worker does not even ask the store more often.
const lastProgressAsk = new Map<string, number>();

export async function deliverBatch({ message, ...deliveryOptions }: DeliveryOptions & { message: TCampaignDeliveryMessage }): Promise<void> {
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
  // What a stopped attempt recorded as sent is not sent again; what it had in flight may have gone.
  const known = new Set([...outcome.doneIds, ...outcome.sentIds]);
  const pending = message.contactIds.filter((id) => !known.has(id));
  const doubtIds = [...new Set([...outcome.doubtIds, ...outcome.inFlightIds.filter((id) => !known.has(id))])];

  if (record.status === 'paused') {
    record = await park({ message, pending });
    if (!record) return;
  }
  if (!isSending(record.status)) return drop({ message, outcome, now: now() });

  // Far from its slot (a long rate-limited run): back on the queue rather than holding a worker.
  if (message.notBefore - now() > MAX_SLOT_WAIT_MS) return enqueueDeliveryBatches([message], now());

  const [compiled, contacts] = await Promise.all([
    compiledRun({ tuid, campaignId, runId, channel: record.channel, commandKey: record.run?.commandKey ?? record.commandKey }),
    getContacts(tuid, [...pending, ...outcome.sentIds]),
  ]);
  const sender = runSender(compiled, { mail: deliveryOptions.transports?.mail ?? campaignMailTransport(), sms: deliveryOptions.transports?.sms ?? campaignSmsTransport() });
  // Unsubscribed, bounced or deleted since the plan: not sent, skipped with the reason, credit returned.
  const reachable = pending.filter((id) => {
    const contact = contacts.get(id);
    return contact !== undefined && sender.reaches(contact);
  });
  const unreachable = pending.filter((id) => !reachable.includes(id));
  // A stopped attempt's sends not yet counted are counted by this one, at their cost.
  const costs = new Map<number, Cost>();
  for (const id of outcome.sentIds) {
    const contact = contacts.get(id);
    const cost = contact && sender.costOf(contact, { tuid, campaignId });
    if (cost) costs.set(id, cost);
  }
  // The lease lets the first window's messages go: their in-flight record is the lease's own write.
  const taken = { ...outcome, inFlightIds: reachable.slice(0, sendsInFlight(sendRateOf(record.channel))), doubtIds };
  const channel = record.channel === 'email' ? 'email' : 'sms';
  const version = await leaseBatch(ref, taken, now());
  if (version === null) throw new BatchRetryLater(`batch ${seq} of ${campaignId} was taken by another attempt`);
  const claim = await claimLeased({ ref, firstSend: record.run?.kind === 'send', contactIds: reachable, resolved: options });
  if (claim.busy.length > 0) {
    await releaseRecipientClaims(tuid, campaignId, claim.claimed);
    await releaseBatchLease(ref, { ...taken, inFlightIds: [] }, version);
    throw new BatchRetryLater(`batch ${seq} of ${campaignId}: ${claim.busy.length} recipients are being sent by another worker`);
  }

  const recipients = claim.claimed.map((id) => contacts.get(id)!);
  // Ready before its slot (message, contacts, lease, claims): the first message goes at the slot. A
  // batch that began its store work at the slot started each run that much late, then caught up.
  const wait = message.notBefore - now();
  if (wait > 0) await options.sleep(wait);
  const sent = await sendAll({ recipients, sender, ref, version, recorded: taken, costs, slotStart: message.notBefore > 0 ? message.notBefore : now(), resolved: options });
  // Another attempt took the batch over (this one looked stopped): what this one sent is its to count.
  if (sent.leaseLost) return;
  for (const id of unreachable) sent.notSent.set(id, unreachableOutcome(contacts.get(id), channel));
  // Before the batch is recorded: a crash in between records them again under the same event ids.
  await recordUnsentOutcomes({ tuid, campaignId, runId, outcomes: sent.notSent, addresses: contacts, channel, now: new Date(now()) });
  const doneIds = [...sent.doneIds, ...claim.reached, ...sent.sentIds, ...sent.notSent.keys()];
  const resent = new Set(sent.sentIds);
  const counts = countsOf(sent.sentIds, costs, sent.notSent.size, sent.doubtIds.filter((id) => resent.has(id)).length);
  // Those not sent again stay in doubt until they are.
  const stillInDoubt = sent.doubtIds.filter((id) => sent.unsent.includes(id));
  if (sent.unsent.length > 0) {
    await releaseRecipientClaims(tuid, campaignId, sent.unsent);
    // Either records the progress, which ends the lease, or gives the lease back: the retry goes at once.
    if (doneIds.length > outcome.doneIds.length) await recordBatch(ref, { state: 'partial', doneIds, doubtIds: stillInDoubt, previousVersion: version }, counts);
    else await releaseBatchLease(ref, { ...taken, doneIds: sent.doneIds, sentIds: [], inFlightIds: [], doubtIds: stillInDoubt }, version);
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
