/**
 * The deliverability guard at work (shared/domain/deliverability-guard.ts has the rule): after a
 * delivery event that can raise a rate, the running campaign's counters are judged and, when a
 * rate passed its limit, the run pauses and its owner is told why with the figures. The pause is
 * one conditional write on the run as it was judged, so concurrent or redelivered events pause
 * it once and notify once; resume and stop are the campaign's usual actions.
 */
import { isSending, SENDING_STATUSES } from '../../../shared/domain/campaign-states.js';
import { ACCOUNT_RATE_DAYS, accountRates, guardVerdict, rateWindowDays, type GuardPause } from '../../../shared/domain/deliverability-guard.js';
import type { TDeliverabilityRates } from '../../../shared/schemas/deliverability.js';
import { getCampaignCounters } from '../../data/campaign-counters.js';
import { changeCampaignRecord, getCampaignRecord } from '../../data/campaigns.js';
import { listDeliverabilityDays } from '../../data/deliverability.js';
import { notifyCampaign } from './campaign-notices.js';

/** A rate as the notice shows it: a percent with up to two decimals. */
const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** Pauses the campaign's running send if one of its rates passed its limit; does nothing otherwise. */
export async function guardCampaignRun({ tuid, campaignId, now }: { tuid: string; campaignId: string; now: Date }): Promise<void> {
  const record = await getCampaignRecord(tuid, campaignId);
  if (!record?.run || !isSending(record.status)) return;
  const earlier = record.run.guardPauses ?? [];
  const verdict = guardVerdict({ channel: record.channel, counters: await getCampaignCounters(tuid, campaignId), earlierPauses: earlier.map((pause) => pause.reason) });
  if (!verdict) return;
  const pause: GuardPause = { reason: verdict.reason, rate: verdict.rate, limit: verdict.limit, count: verdict.count, sample: verdict.sample, time: now.toISOString() };
  const paused = await changeCampaignRecord(
    tuid,
    campaignId,
    { statuses: SENDING_STATUSES, runId: record.run.runId, guardPauses: earlier.length },
    { status: 'paused', runFields: { guardPauses: [...earlier, pause] } },
  );
  // Another event's guard, or the owner, changed the run first: that one notified.
  if (!paused) return;
  await notifyCampaign({
    tuid,
    record: paused,
    messageType: 'guardPaused',
    counts: { total: paused.run?.recipients ?? 0 },
    details: { guardReason: verdict.reason, guardRate: percent(verdict.rate), guardLimit: percent(verdict.limit), guardCount: verdict.count, guardSample: verdict.sample },
    now,
  });
}

/** GET dashboard/deliverability: the account's rates over its last 30 UTC days, with the guard's limits. */
export async function getAccountDeliverability({ tuid, now }: { tuid: string; now: Date }): Promise<TDeliverabilityRates> {
  const window = rateWindowDays(now);
  const firstDay = window[0]!;
  const lastDay = window[window.length - 1]!;
  const days = await listDeliverabilityDays(tuid, firstDay, lastDay);
  return { days: ACCOUNT_RATE_DAYS, firstDay, lastDay, email: accountRates('email', days), sms: accountRates('sms', days) };
}
