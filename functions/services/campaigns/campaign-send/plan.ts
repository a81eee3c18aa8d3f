/**
 * The planner: turns a started (or recovered) campaign run into delivery batches.
 *
 * 1. Recipients: a send writes its audience set (selection and pasted addresses or numbers,
 *    deduplicated, reachable on the channel); a recovery writes a set of the audience not yet
 *    claimed. Each recipient's cost is added up on the way (audience.ts).
 * 2. Checks: the login email must be verified, an email campaign's sender still a verified
 *    identity (one removed since the send was asked for); 0 recipients and too few credits (email, or SMS
 *    for SMS and MMS) send the campaign back to draft with the reason. Credits are reserved
 *    atomically, once per run.
 * 3. Checkpoint: the run item (recipients, reservation, the rate's origin, the batch size for the
 *    rate); the campaign's run gets its recipient count and estimated end; the message's tracked
 *    links are stored.
 * 4. Batches of the run's batch size, in id order from the stored set, each with its rate
 *    slot, enqueued 10 to a call; the run item records how far enqueueing got, so a redelivered
 *    plan message continues where the last attempt stopped instead of enqueueing again.
 */
import { BATCHES_PER_CHECKPOINT, batchNotBefore, deliveryBatchSize, estimatedEndTime, FIRST_SLOT_LEAD_MS } from '../../../../shared/domain/campaign-send.js';
import { type DraftReason } from '../../../../shared/domain/campaign-readiness.js';
import { serviceDay } from '../../../../shared/domain/campaign-schedule.js';
import { type CampaignStatus, SENDING_STATUSES } from '../../../../shared/domain/campaign-states.js';
import { TemplateCompileError } from '../../../../shared/domain/personalization.js';
import { getAccount } from '../../../data/accounts.js';
import { putTrackedLinks, registerShortLinkCode } from '../../../data/campaign-counters.js';
import { changeCampaignRecord, getCampaignRecord, readCampaignCommand, readEmailCommand, type CampaignRecord } from '../../../data/campaigns.js';
import { createRunProgress, getRunProgress, markRunEnqueued, setRunBatches, type RunProgress } from '../../../data/campaign-runs.js';
import { getContactSet } from '../../../data/contact-sets.js';
import { reserveCampaignCredits, type CreditSource } from '../../../data/credit-ledger.js';
import { config } from '../../../lib/config.js';
import { enqueueDeliveryBatches, type TCampaignDeliveryMessage } from '../../../queues/campaign-delivery.js';
import type { TCampaignPlanMessage } from '../../../queues/campaign-plan.js';
import { notifyCampaign } from '../campaign-notices.js';
import { discardRunRecipients, writeRecoveryRecipients, writeSendRecipients } from './audience.js';
import { recordUnsentOutcomes } from '../delivery-events.js';
import { finishRunIfSettled } from './run-control.js';
import { compiledRun, runSender, sendRateOf, type RunSender } from './run-sender.js';
import { UnsendableContent } from './text-message.js';
import { campaignMailTransport } from '../../../channels/mail.js';
import { isSendableSender } from '../../sender-identities/sender-addresses.js';
import { campaignSmsTransport } from '../../../channels/sms.js';

/** A run that has not started sending may still be paused; it returns to draft from either. */
const PLANNABLE: readonly CampaignStatus[] = [...SENDING_STATUSES, 'paused'];

async function backToDraft(tuid: string, record: CampaignRecord, runId: string, reason: DraftReason, now: Date): Promise<void> {
  const draft = await changeCampaignRecord(tuid, record.id, { statuses: PLANNABLE, runId }, { status: 'draft', draftReason: reason });
  if (draft) await notifyCampaign({ tuid, record: draft, messageType: 'backToDraft', now });
}

/** The run's channel, or null when its message cannot be sent (the run went back to draft). */
async function senderOf(tuid: string, record: CampaignRecord, runId: string): Promise<RunSender | null> {
  try {
    const run = await compiledRun({ tuid, campaignId: record.id, runId, channel: record.channel, commandKey: record.run?.commandKey ?? record.commandKey });
    // The planner only costs messages: transports are the delivery workers' business.
    return runSender(run, { mail: campaignMailTransport(), sms: campaignSmsTransport() });
  } catch (error) {
    if (error instanceof TemplateCompileError || error instanceof UnsendableContent) return null;
    throw error;
  }
}

/** Steps 1–3, or null when the run went back to draft. */
async function checkpointRun(message: TCampaignPlanMessage, record: CampaignRecord, clock: () => Date): Promise<RunProgress | null> {
  const { tuid, campaignId, runId, kind } = message;
  const now = clock();
  const account = await getAccount(tuid);
  if (!account || account.unverified) {
    await backToDraft(tuid, record, runId, 'unverified', now);
    return null;
  }
  if (record.channel === 'email' && !(await isSendableSender({ tuid, address: (await readEmailCommand(record.run?.commandKey ?? record.commandKey)).senderEmail ?? '' }))) {
    await backToDraft(tuid, record, runId, 'senderUnverified', now);
    return null;
  }
  // A message that cannot be rendered never reaches a batch: nothing is reserved for it.
  const sender = await senderOf(tuid, record, runId);
  if (!sender) {
    await backToDraft(tuid, record, runId, 'contentProblem', now);
    return null;
  }
  const recipients =
    kind === 'send'
      ? await writeSendRecipients({ tuid, campaignId, command: await readCampaignCommand(record.run?.commandKey ?? record.commandKey), sender, now })
      : await writeRecoveryRecipients({ tuid, campaignId, runId, sender });
  if (recipients.count === 0) {
    await backToDraft(tuid, record, runId, 'noRecipients', now);
    return null;
  }
  const creditKind = record.channel === 'email' ? 'email' : 'sms';
  // Free accounts have free email credits each day; SMS credits are only ever bought.
  const creditSource: CreditSource = account.free && creditKind === 'email' ? { free: true, day: serviceDay(now) } : { free: false };
  if (!(await reserveCampaignCredits({ tuid, campaignId, runId, kind: creditKind, count: recipients.credits, source: creditSource, now }))) {
    // A send that never went has no audience: later campaigns must not find it as "sent to".
    if (kind === 'send') await discardRunRecipients({ tuid, setId: recipients.setId });
    await backToDraft(tuid, record, runId, creditKind === 'email' ? 'insufficientEmailCredits' : 'insufficientSmsCredits', now);
    return null;
  }
  // Listed before the checkpoint: a redelivered plan after it would not know them; written again before it, they change nothing.
  await recordUnsentOutcomes({
    tuid,
    campaignId,
    runId,
    outcomes: new Map(recipients.skipped.map((contact) => [contact.id, { kind: 'skipped', reason: 'countryNotAllowed' }])),
    addresses: new Map(recipients.skipped.map((contact) => [contact.id, contact])),
    channel: creditKind,
    now,
  });
  const planStart = clock().getTime() + FIRST_SLOT_LEAD_MS;
  await createRunProgress(tuid, campaignId, {
    runId,
    kind,
    recipientSetId: recipients.setId,
    recipients: recipients.count,
    reserved: recipients.credits,
    creditSource,
    creditKind,
    planStart,
    batchSize: deliveryBatchSize(sendRateOf(record.channel), config().CAMPAIGN_BATCH_SIZE),
    skipped: recipients.skipped.length,
  });
  return getRunProgress(tuid, campaignId, runId);
}

/** Step 4 from the checkpoint; answers the number of batches. */
async function enqueueBatches(message: TCampaignPlanMessage, progress: RunProgress, rate: number, now: () => Date): Promise<number> {
  const { tuid, campaignId, runId } = message;
  const set = await getContactSet(tuid, progress.recipientSetId);
  let seq = 0;
  let ids: number[] = [];
  let pending: TCampaignDeliveryMessage[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await enqueueDeliveryBatches(pending, now().getTime());
    pending = [];
    await markRunEnqueued(tuid, campaignId, runId, seq);
  };
  const cut = async () => {
    // Batches before the checkpoint are on the queue already.
    if (seq >= progress.enqueued) pending.push({ tuid, campaignId, runId, seq, contactIds: ids, notBefore: batchNotBefore(progress.planStart, seq * progress.batchSize, rate) });
    seq += 1;
    ids = [];
    if (pending.length >= BATCHES_PER_CHECKPOINT) await flush();
  };
  for (const id of set.ids()) {
    ids.push(id);
    if (ids.length === progress.batchSize) await cut();
  }
  if (ids.length > 0) await cut();
  await flush();
  return seq;
}

/** Plans one run (the campaign-plan queue's message); a message for a run that is not current, or not sending, does nothing. */
export async function planCampaignRun(message: TCampaignPlanMessage, now: () => Date = () => new Date()): Promise<void> {
  const { tuid, campaignId, runId } = message;
  const record = await getCampaignRecord(tuid, campaignId);
  if (!record?.run || record.run.runId !== runId) return;
  let progress = await getRunProgress(tuid, campaignId, runId);
  if (record.status === 'stopped' && progress && progress.batches === null) {
    // Stopped while a planning attempt was cut short: the batches not enqueued never will be; end the run on those that were.
    await setRunBatches(tuid, campaignId, runId, progress.enqueued);
    await finishRunIfSettled({ tuid, campaignId, runId, now: now() });
    return;
  }
  if (!PLANNABLE.includes(record.status)) return;
  if (!progress) {
    // A run paused before it was planned is planned all the same: its batches park on arrival.
    progress = await checkpointRun(message, record, now);
    if (!progress) return;
  }
  if (progress.batches !== null) return;
  const rate = sendRateOf(record.channel);
  const compiled = await compiledRun({ tuid, campaignId, runId, channel: record.channel, commandKey: record.run.commandKey ?? record.commandKey });
  const { trackedLinks } = compiled.message;
  await putTrackedLinks(tuid, campaignId, runId, trackedLinks);
  // A text's short links find their campaign by its code.
  if (compiled.channel !== 'email' && trackedLinks.length > 0) await registerShortLinkCode(compiled.message.shortCode, tuid, campaignId);
  const started = await changeCampaignRecord(
    tuid,
    campaignId,
    { runId },
    { runFields: { recipients: progress.recipients, estimatedEndTime: estimatedEndTime(new Date(progress.planStart), progress.recipients, rate).toISOString() } },
  );
  const batches = await enqueueBatches(message, progress, rate, now);
  // Only the attempt that sets the total announces the start: a redelivery does not notify twice.
  if (!(await setRunBatches(tuid, campaignId, runId, batches))) return;
  if (started) await notifyCampaign({ tuid, record: started, messageType: 'started', actor: started.run?.startedBy, counts: { total: progress.recipients, sent: 0 }, now: now() });
  // Fast workers may have settled every batch before the total was known.
  await finishRunIfSettled({ tuid, campaignId, runId, now: now() });
}
