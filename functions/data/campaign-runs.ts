/**
 * The send pipeline's own items (docs/data-model.md "Send pipeline"):
 * - the run item: the planner's checkpoint (recipients, credits reserved, batches enqueued) and
 *   what delivery has settled so far (batches, sent, failed), in the campaign's data partition;
 * - a batch item per delivery batch, written when the batch records progress, finishes or is
 *   dropped: which of its recipients are done, under a version, so a count is added once;
 * - a parked item per batch set aside while the campaign is paused (its recipients), which resume
 *   re-enqueues and stop drops;
 * - a lease on the batch item for each delivery attempt: while it is younger than the delivery
 *   queue's visibility timeout no other attempt sends the batch; an older one belongs to a worker
 *   that stopped, and is taken over. Taking it bumps the batch's version, so the stopped worker
 *   can no longer record anything;
 * - while an attempt sends, its batch item also records, in grouped writes under the lease's
 *   version, which recipients the transport accepted (`sentIds`, not yet counted), which may be in
 *   flight (`inFlightIds`: a message goes only once its id is recorded there, and at most the
 *   batch's in-flight limit are), and which a stopped attempt may have sent already (`doubtIds`):
 *   an attempt that takes the batch over sends only to recipients with no record, and counts those
 *   it finds in flight as possibly sent twice;
 * - a claim per recipient (keys.campaignRecipient): the only per-message write, made before the
 *   message goes. It names the run and when it was taken: a recovery skips whoever any run
 *   claimed. Under a lease the claims of a first send are plain batch puts (the store's cheapest
 *   write); a recovery claims conditionally, because a worker of the stopped run may still be
 *   finishing.
 */
import { GetCommand, PutCommand, UpdateCommand, type PutCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { counterUpdateItem, type CounterDelta } from './campaign-counters.js';
import { campaignRecordOf, type CampaignRecord } from './campaigns.js';
import type { CreditKind, CreditSource } from './credit-ledger.js';
import { keys, RECIPIENT_SHARDS } from './keys.js';
import { batchDelete, batchGet, batchPut, cancellationCodes, conditionHeld, deletePartition, isConditionFailure, queryPages, table, TRANSACTION_ITEM_LIMIT, transactWrite, unlessConditionFails } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type RunProgress = {
  runId: string;
  kind: 'send' | 'recover';
  /** The contact set (functions/data/contact-sets.ts) of this run's recipients: batches are cut from it in id order. */
  recipientSetId: string;
  /** Recipients the planner counted; what was reserved for them. */
  recipients: number;
  creditSource: CreditSource;
  creditKind: CreditKind;
  /** When the run's first batch may go (epoch ms): the origin of the rate's slots. */
  planStart: number;
  /** Recipients per batch, fixed at the checkpoint: a redelivered plan cuts the same batches. */
  batchSize: number;
  /** Batches on the queue so far (the planner's checkpoint); the total once `batches` is set. */
  enqueued: number;
  batches: number | null;
  /** Batches done or dropped. */
  settled: number;
  sent: number;
  failed: number;
  /** Recipients sent again after an attempt stopped while their message was in flight. */
  possiblySentTwice: number;
  /** Credits reserved for the run, and spent by what was sent: the difference goes back when the run ends. */
  reserved: number;
  creditsUsed: number;
  lastProgressAt: number;
};

function toProgress(item: Record<string, unknown>): RunProgress {
  return {
    runId: String(item.runId),
    kind: item.kind === 'recover' ? 'recover' : 'send',
    recipientSetId: String(item.recipientSetId),
    recipients: Number(item.recipients ?? 0),
    creditSource: item.creditSource as CreditSource,
    creditKind: item.creditKind === 'sms' ? 'sms' : 'email',
    planStart: Number(item.planStart ?? 0),
    // Runs checkpointed before the batch size was stored were cut in batches of 50.
    batchSize: Number(item.batchSize ?? 50),
    enqueued: Number(item.enqueued ?? 0),
    batches: item.batches === undefined ? null : Number(item.batches),
    settled: Number(item.settled ?? 0),
    sent: Number(item.sent ?? 0),
    failed: Number(item.failed ?? 0),
    possiblySentTwice: Number(item.possiblySentTwice ?? 0),
    // Runs planned before credits were counted apart from recipients reserved one per recipient and spent one per message.
    reserved: Number(item.reserved ?? item.recipients ?? 0),
    creditsUsed: Number(item.creditsUsed ?? item.sent ?? 0),
    lastProgressAt: Number(item.lastProgressAt ?? 0),
  };
}

/** A transaction item that holds only while the campaign exists (a run's recipient set is written under it). */
export function campaignExistsCheck(tuid: string, campaignId: string): TransactItem {
  return { ConditionCheck: { TableName: table().name, Key: keys.campaign(tuid, campaignId), ConditionExpression: 'attribute_exists(PK)' } };
}

// Access pattern: a run's progress (consistent: the last batch is judged on it).
export async function getRunProgress(tuid: string, campaignId: string, runId: string): Promise<RunProgress | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignRun(tuid, campaignId, runId), ConsistentRead: true }));
  return answer.Item ? toProgress(answer.Item) : null;
}

/**
 * The planner's first checkpoint: the run's recipients are counted and their credits reserved. A
 * first send also adds its recipients (and the audience it skipped, settled unsent) to the
 * campaign's counters, in the same transaction, so a redelivered plan counts them once. False when
 * the run item exists already.
 */
export async function createRunProgress(
  tuid: string,
  campaignId: string,
  { skipped, ...progress }: Pick<RunProgress, 'runId' | 'kind' | 'recipientSetId' | 'recipients' | 'reserved' | 'creditSource' | 'creditKind' | 'planStart' | 'batchSize'> & { skipped: number },
): Promise<boolean> {
  const { name } = table();
  const counters = progress.kind === 'send' ? counterUpdateItem(tuid, campaignId, { recipients: progress.recipients + skipped, unsent: skipped }) : null;
  try {
    await transactWrite([
      {
        Put: {
          TableName: name,
          Item: { ...keys.campaignRun(tuid, campaignId, progress.runId), ...progress, enqueued: 0, settled: 0, sent: 0, failed: 0, creditsUsed: 0, lastProgressAt: 0 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(counters ? [counters] : []),
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** The planner's checkpoint while enqueueing: batches before `enqueued` are on the queue. */
export async function markRunEnqueued(tuid: string, campaignId: string, runId: string, enqueued: number): Promise<void> {
  const { db, name } = table();
  await db.send(
    new UpdateCommand({ TableName: name, Key: keys.campaignRun(tuid, campaignId, runId), UpdateExpression: 'SET enqueued = :n', ExpressionAttributeValues: { ':n': enqueued } }),
  );
}

/** The run's batch total, once; the answer is the progress after (null: it was set already). */
export async function setRunBatches(tuid: string, campaignId: string, runId: string, batches: number): Promise<RunProgress | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.campaignRun(tuid, campaignId, runId),
        UpdateExpression: 'SET batches = :n, enqueued = :n, remaining = :n - settled',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(batches)',
        ExpressionAttributeValues: { ':n': batches },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes ? toProgress(answer.Attributes) : null;
}

/** Whether this caller may report progress now: at most one report per `everyMs` for the whole run. */
export async function takeProgressTurn(tuid: string, campaignId: string, runId: string, now: number, everyMs: number): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.campaignRun(tuid, campaignId, runId),
        UpdateExpression: 'SET lastProgressAt = :now',
        ConditionExpression: 'lastProgressAt <= :before',
        ExpressionAttributeValues: { ':now': now, ':before': now - everyMs },
      }),
    ),
  );
}

// Access pattern: a campaign's runs (the purge of a deleted campaign).
export async function listRunIds(tuid: string, campaignId: string): Promise<string[]> {
  const runIds: string[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignDataPartition(tuid, campaignId), ':prefix': keys.campaignRunPrefix },
    ProjectionExpression: 'runId',
  })) {
    runIds.push(...page.map((item) => String(item.runId)));
  }
  return runIds;
}

/** Deletes what delivering a campaign's runs left: the batch outcomes and every recipient claim. */
export async function deleteRunDelivery(tuid: string, campaignId: string, runIds: readonly string[]): Promise<void> {
  for (const runId of runIds) await deletePartition(keys.campaignBatchPartition(tuid, campaignId, runId));
  for (let shard = 0; shard < RECIPIENT_SHARDS; shard += 1) await deletePartition(keys.campaignRecipientPartition(tuid, campaignId, shard));
}

// ---------------------------------------------------------------------------------------------
// Batches.

export type BatchState = 'partial' | 'done' | 'dropped';
/** What an attempt has sent of its batch and not yet counted, and what may be on its way. */
export type SendRecord = {
  /** Accepted by the transport, not yet in the counters. */
  sentIds: number[];
  /** Allowed to go: possibly handed to the transport, acceptance not recorded. */
  inFlightIds: number[];
  /** In flight when an earlier attempt stopped: a send to one of these may be its second. */
  doubtIds: number[];
};

/** What is recorded of a batch; version 0 when nothing is yet. */
export type BatchOutcome = SendRecord & {
  state: BatchState | null;
  /** Settled and counted. */
  doneIds: number[];
  version: number;
  /** When the attempt holding the batch took it or last recorded progress (epoch ms); null when none holds it. */
  leasedAt: number | null;
};

const idsOf = (value: unknown): number[] => (value as number[] | undefined) ?? [];

function outcomeOf(item: Record<string, unknown> | undefined): BatchOutcome {
  if (!item) return { state: null, doneIds: [], sentIds: [], inFlightIds: [], doubtIds: [], version: 0, leasedAt: null };
  return {
    state: (item.state as BatchState | undefined) ?? null,
    doneIds: idsOf(item.doneIds),
    sentIds: idsOf(item.sentIds),
    inFlightIds: idsOf(item.inFlightIds),
    doubtIds: idsOf(item.doubtIds),
    version: Number(item.version ?? 0),
    leasedAt: item.leasedAt === undefined ? null : Number(item.leasedAt),
  };
}

// Access pattern: one batch's outcome (consistent: a redelivery is judged on it).
export async function getBatchOutcome(tuid: string, campaignId: string, runId: string, seq: number): Promise<BatchOutcome> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.campaignBatch(tuid, campaignId, runId, seq), ConsistentRead: true }));
  return outcomeOf(answer.Item);
}

// Access pattern: a delivery attempt's first question, the campaign and the batch's outcome, in one consistent read.
export async function getCampaignAndBatch(ref: BatchRef): Promise<{ record: CampaignRecord | null; outcome: BatchOutcome }> {
  const campaignKey = keys.campaign(ref.tuid, ref.campaignId);
  const batchKey = keys.campaignBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq);
  const items = await batchGet([campaignKey, batchKey], { consistent: true });
  const campaign = items.find((item) => item.PK === campaignKey.PK && item.SK === campaignKey.SK);
  const batch = items.find((item) => item.PK === batchKey.PK && item.SK === batchKey.SK);
  return { record: campaign ? campaignRecordOf(campaign) : null, outcome: outcomeOf(batch) };
}

type BatchRef = { tuid: string; campaignId: string; runId: string; seq: number };

type BatchItem = { state: BatchState | null; doneIds: readonly number[]; leasedAt?: number } & Partial<SendRecord>;

/** The batch item's next version; a lease is written with the attempt's start, every other put ends the lease. */
function batchItemPut(ref: BatchRef, outcome: BatchItem, previousVersion: number): TransactItem & { Put: object } {
  const record = { sentIds: outcome.sentIds ?? [], inFlightIds: outcome.inFlightIds ?? [], doubtIds: outcome.doubtIds ?? [] };
  return {
    Put: {
      TableName: table().name,
      Item: {
        ...keys.campaignBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq),
        ...(outcome.state ? { state: outcome.state } : {}),
        doneIds: [...outcome.doneIds],
        // Only what is still to be known is kept: a finished batch's item stays small.
        ...Object.fromEntries(Object.entries(record).filter(([, ids]) => ids.length > 0)),
        version: previousVersion + 1,
        ...(outcome.leasedAt === undefined ? {} : { leasedAt: outcome.leasedAt }),
      },
      ConditionExpression: previousVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
      ExpressionAttributeValues: previousVersion === 0 ? undefined : { ':version': previousVersion },
    },
  };
}

/**
 * Adds to the run's totals; settling counts `remaining` down too (setRunBatches sets it to
 * batches − settled), so that a batch learns from its own write whether it may be the run's last.
 * `notLast` makes the write fail when it would settle the last batch of a fully enqueued run.
 */
function runAdd(ref: BatchRef, delta: { settled?: number; sent?: number; failed?: number; possiblySentTwice?: number; creditsUsed?: number }, notLast = false): TransactItem {
  const withRemaining = { ...delta, remaining: delta.settled ? -delta.settled : 0 };
  const entries = Object.entries(withRemaining).filter(([, value]) => value !== undefined && value !== 0) as Array<[string, number]>;
  return {
    Update: {
      TableName: table().name,
      Key: keys.campaignRun(ref.tuid, ref.campaignId, ref.runId),
      // Never creates the run item: a batch of a run whose plan never checkpointed is refused.
      ConditionExpression: notLast ? 'attribute_exists(PK) AND (attribute_not_exists(batches) OR remaining > :one)' : 'attribute_exists(PK)',
      UpdateExpression: entries.length > 0 ? `ADD ${entries.map(([field]) => `${field} :${field}`).join(', ')}` : 'SET settled = settled',
      ExpressionAttributeValues:
        entries.length > 0 || notLast
          ? { ...Object.fromEntries(entries.map(([field, value]) => [`:${field}`, value])), ...(notLast ? { ':one': 1 } : {}) }
          : undefined,
    },
  };
}

/**
 * Records what a delivery attempt did, in one transaction: the batch's outcome (its done
 * recipients), the campaign's counters and the run's totals. The version condition makes a
 * second recording of the same attempt (or a stale one) change nothing: `recorded` false.
 * `mayBeLast` says the batch may have settled the run (its end is then to be judged); the usual
 * batch learns it is not from its own write, without reading the run.
 */
export type BatchCounts = Required<Pick<CounterDelta, 'sent' | 'unsent' | 'possiblySentTwice' | 'creditsUsed' | 'segments'>> & { countries: ReadonlyMap<string, { sent: number; credits: number }> };

export async function recordBatch(
  ref: BatchRef,
  outcome: { state: 'partial' | 'done'; doneIds: readonly number[]; doubtIds?: readonly number[]; previousVersion: number },
  counts: BatchCounts,
): Promise<{ recorded: boolean; mayBeLast: boolean }> {
  const counters = counterUpdateItem(ref.tuid, ref.campaignId, counts);
  const settles = outcome.state === 'done';
  const write = (notLast: boolean) =>
    transactWrite([
      batchItemPut(ref, { state: outcome.state, doneIds: outcome.doneIds, doubtIds: [...(outcome.doubtIds ?? [])] }, outcome.previousVersion),
      runAdd(ref, { settled: settles ? 1 : 0, sent: counts.sent, failed: counts.unsent, possiblySentTwice: counts.possiblySentTwice, creditsUsed: counts.creditsUsed }, notLast),
      ...(counters ? [counters] : []),
    ]);
  try {
    await write(settles);
    return { recorded: true, mayBeLast: false };
  } catch (error) {
    const [batch, run] = cancellationCodes(error);
    if (batch === 'ConditionalCheckFailed') return { recorded: false, mayBeLast: false };
    if (run !== 'ConditionalCheckFailed') throw error;
  }
  // The last batch of the run (or a run item that is gone, which the plain write refuses too).
  try {
    await write(false);
    return { recorded: true, mayBeLast: true };
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return { recorded: false, mayBeLast: false };
    throw error;
  }
}

/**
 * Records, under the lease's version, what the attempt has sent so far and what it lets go next,
 * and renews the lease. With `counts`, the sends recorded so far are counted too, in one
 * transaction with the run's totals and the campaign's counters: they move to `doneIds`. False
 * when another attempt took the batch over: this one must send nothing more.
 */
export async function recordSendProgress(
  ref: BatchRef,
  progress: SendRecord & { doneIds: readonly number[]; version: number; now: number },
  counts: BatchCounts | null,
): Promise<boolean> {
  const update = {
    TableName: table().name,
    Key: keys.campaignBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq),
    UpdateExpression: 'SET doneIds = :done, sentIds = :sent, inFlightIds = :inFlight, doubtIds = :doubt, leasedAt = :now',
    ConditionExpression: 'version = :version',
    ExpressionAttributeValues: {
      ':done': [...progress.doneIds],
      ':sent': [...progress.sentIds],
      ':inFlight': [...progress.inFlightIds],
      ':doubt': [...progress.doubtIds],
      ':now': progress.now,
      ':version': progress.version,
    },
  };
  if (!counts) return conditionHeld(table().db.send(new UpdateCommand(update)));
  const counters = counterUpdateItem(ref.tuid, ref.campaignId, counts);
  return conditionHeld(
    transactWrite([
      { Update: update },
      runAdd(ref, { sent: counts.sent, failed: counts.unsent, possiblySentTwice: counts.possiblySentTwice, creditsUsed: counts.creditsUsed }),
      ...(counters ? [counters] : []),
    ]),
  );
}

/**
 * Takes the batch for a delivery attempt, on the outcome it read (with what a stopped attempt
 * left: its uncounted sends and the recipients it may have sent to): answers the version the
 * attempt records under, or null when another attempt took or recorded the batch since.
 */
export async function leaseBatch(ref: BatchRef, outcome: BatchOutcome, now: number): Promise<number | null> {
  const { db } = table();
  const leased = await conditionHeld(db.send(new PutCommand(batchItemPut(ref, { ...outcome, leasedAt: now }, outcome.version).Put as PutCommandInput)));
  return leased ? outcome.version + 1 : null;
}

/**
 * Gives the batch back after an attempt that recorded nothing (it leased, then could not send or
 * claim): the next delivery need not wait for the lease to expire. False when the lease was
 * taken over meanwhile.
 */
export async function releaseBatchLease(ref: BatchRef, outcome: BatchOutcome, leaseVersion: number): Promise<boolean> {
  const { db } = table();
  return conditionHeld(
    db.send(new PutCommand(batchItemPut(ref, { ...outcome, leasedAt: undefined }, leaseVersion).Put as PutCommandInput)),
  );
}

/** Drops a batch of a stopped run (and its parked item, if any), settling it once; false if it was settled already. */
export async function dropBatch(ref: BatchRef, outcome: BatchOutcome): Promise<boolean> {
  if (outcome.state === 'done' || outcome.state === 'dropped') {
    await batchDelete([keys.campaignParkedBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq)]);
    return false;
  }
  try {
    await transactWrite([
      batchItemPut(ref, { state: 'dropped', doneIds: outcome.doneIds }, outcome.version),
      runAdd(ref, { settled: 1 }),
      { Delete: { TableName: table().name, Key: keys.campaignParkedBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq) } },
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** A batch's recipients not yet done, set aside while the campaign is paused. */
export type ParkedBatch = { seq: number; contactIds: number[] };

export async function parkBatch(ref: BatchRef, contactIds: readonly number[]): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.campaignParkedBatch(ref.tuid, ref.campaignId, ref.runId, ref.seq), seq: ref.seq, contactIds: [...contactIds] } }));
}

// Access pattern: a run's parked batches, in batch order.
export async function* listParkedBatches(tuid: string, campaignId: string, runId: string): AsyncGenerator<ParkedBatch[]> {
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignDataPartition(tuid, campaignId), ':prefix': keys.campaignParkedPrefix(runId) },
  })) {
    yield page.map((item) => ({ seq: Number(item.seq), contactIds: item.contactIds as number[] }));
  }
}

export async function deleteParkedBatches(tuid: string, campaignId: string, runId: string, seqs: readonly number[]): Promise<void> {
  await batchDelete(seqs.map((seq) => keys.campaignParkedBatch(tuid, campaignId, runId, seq)));
}

// ---------------------------------------------------------------------------------------------
// Recipient claims.

export type ClaimResult = {
  /** This attempt may send to these (the batch's send record says which of them went already). */
  claimed: number[];
  /** Claimed by a live worker of this run: leave them to it. */
  busy: number[];
  /** Claimed by another run (a recovery never sends twice to one contact). */
  reached: number[];
};

function claimPut(tuid: string, campaignId: string, runId: string, contactId: number, now: number): TransactItem & { Put: object } {
  return {
    Put: {
      TableName: table().name,
      Item: { ...keys.campaignRecipient(tuid, campaignId, contactId), runId, claimedAt: now },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Claims for an attempt that holds its batch's lease in a first send: plain puts, nobody else claims these. */
export async function putRecipientClaims(tuid: string, campaignId: string, runId: string, contactIds: readonly number[], now: number): Promise<void> {
  await batchPut(contactIds.map((id) => ({ ...keys.campaignRecipient(tuid, campaignId, id), runId, claimedAt: now })));
}

/**
 * Claims a recovery's recipients before they are sent. The usual case, no claim yet, is one
 * transaction per 100 recipients (one write each); where any of them is claimed already, each is
 * claimed on its own, taking over claims of this run older than `staleAfterMs`.
 */
export async function claimRecipients(options: { tuid: string; campaignId: string; runId: string; contactIds: readonly number[]; now: number; staleAfterMs: number }): Promise<ClaimResult> {
  const { contactIds } = options;
  const result: ClaimResult = { claimed: [], busy: [], reached: [] };
  for (let start = 0; start < contactIds.length; start += TRANSACTION_ITEM_LIMIT) {
    const part = await claimRecipientsAtOnce({ ...options, contactIds: contactIds.slice(start, start + TRANSACTION_ITEM_LIMIT) });
    for (const outcome of ['claimed', 'busy', 'reached'] as const) result[outcome].push(...part[outcome]);
  }
  return result;
}

/** claimRecipients for at most one transaction's worth of recipients. */
async function claimRecipientsAtOnce(options: { tuid: string; campaignId: string; runId: string; contactIds: readonly number[]; now: number; staleAfterMs: number }): Promise<ClaimResult> {
  const { tuid, campaignId, runId, contactIds, now, staleAfterMs } = options;
  const result: ClaimResult = { claimed: [], busy: [], reached: [] };
  try {
    await transactWrite(contactIds.map((id) => claimPut(tuid, campaignId, runId, id, now)));
    result.claimed.push(...contactIds);
    return result;
  } catch (error) {
    if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
  }
  const { db } = table();
  await Promise.all(
    contactIds.map(async (id) => {
      try {
        await db.send(new PutCommand({ ...claimPut(tuid, campaignId, runId, id, now).Put, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
        result.claimed.push(id);
        return;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const old = (error as { Item?: Record<string, { S?: string; N?: string }> }).Item;
        if (old?.runId?.S !== runId) return void result.reached.push(id);
        const claimedAt = Number(old.claimedAt?.N ?? 0);
        if (claimedAt >= now - staleAfterMs) return void result.busy.push(id);
        const tookOver = await conditionHeld(
          db.send(
            new PutCommand({
              TableName: table().name,
              Item: { ...keys.campaignRecipient(tuid, campaignId, id), runId, claimedAt: now },
              ConditionExpression: 'runId = :run AND claimedAt = :old',
              ExpressionAttributeValues: { ':run': runId, ':old': claimedAt },
            }),
          ),
        );
        // A refused takeover means another worker took it over first.
        (tookOver ? result.claimed : result.busy).push(id);
      }
    }),
  );
  return result;
}

/** Gives claims back (recipients this attempt did not send), so the next attempt claims them afresh. */
export async function releaseRecipientClaims(tuid: string, campaignId: string, contactIds: readonly number[]): Promise<void> {
  await batchDelete(contactIds.map((id) => keys.campaignRecipient(tuid, campaignId, id)));
}

// Access pattern: recipients claimed by the campaign's other runs (a recovery skips them), shard by shard.
export async function* listRecipientsClaimedBefore(tuid: string, campaignId: string, runId: string): AsyncGenerator<number[]> {
  for (let shard = 0; shard < RECIPIENT_SHARDS; shard += 1) {
    for await (const page of queryPages({
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: 'runId <> :run',
      ExpressionAttributeValues: { ':pk': keys.campaignRecipientPartition(tuid, campaignId, shard), ':run': runId },
      ProjectionExpression: 'SK',
    })) {
      yield page.map((item) => Number(String(item.SK).slice(keys.campaignRecipientPrefix.length)));
    }
  }
}
