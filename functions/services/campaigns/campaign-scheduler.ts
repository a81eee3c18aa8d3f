/**
 * The scheduler (every minute): scheduled campaigns that fell due are started, and each due
 * occurrence of a recurring schedule is sent as a copy of its campaign with a report of its own
 * ("Name (2026-11-25 09:00)"), after which the schedule moves to its next occurrence. Safe to run
 * twice for the same minute: starting is conditional on the stored status, and an occurrence's id
 * is derived from its campaign and time, so it is made at most once.
 */
import { nextOccurrence } from '../../../shared/domain/campaign-schedule.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { CampaignExists, CampaignNameTaken, changeCampaignRecord, getCampaignRecord, listDueCampaigns, type CampaignRecord } from '../../data/campaigns.js';
import { logger } from '../../lib/logger.js';
import { seededTimeOrderedId } from '../../lib/time-ordered-id.js';
import { requireReadyToSend, startCampaignRun } from './campaign-actions.js';
import { notifyCampaign } from './campaign-notices.js';
import { copyCampaign } from './campaigns.js';

/** Campaigns started per run; more wait for the next minute. */
const DUE_PER_RUN = 200;

/** "2026-11-25 09:00" in the service time zone, for occurrence names. */
const occurrenceLabel = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** A due campaign that can no longer be sent (its account lost verification, its message was emptied) goes back to draft. */
async function backToDraft(tuid: string, record: CampaignRecord, error: AppError, now: Date): Promise<void> {
  const reason = error.code === ERROR_CODES.UNVERIFIED ? 'unverified' : 'contentProblem';
  const after = await changeCampaignRecord(tuid, record.id, { statuses: ['scheduled'] }, { status: 'draft', scheduleTime: null, recurring: null, draftReason: reason });
  if (after) await notifyCampaign({ tuid, record: after, messageType: 'backToDraft', now });
}

async function startOccurrence(tuid: string, parent: CampaignRecord, dueTime: Date, now: Date): Promise<void> {
  const id = seededTimeOrderedId(dueTime, `${tuid}/${parent.id}`);
  let occurrence = await getCampaignRecord(tuid, id);
  if (!occurrence) {
    const name = `${parent.name.slice(0, 80)} (${occurrenceLabel.format(dueTime)})`;
    try {
      occurrence = await copyCampaign({ tuid, source: parent, id, name, user: parent.lastModifiedBy, now, parentId: parent.id });
    } catch (error) {
      if (!(error instanceof CampaignExists) && !(error instanceof CampaignNameTaken)) throw error;
      occurrence = await getCampaignRecord(tuid, id);
    }
  }
  if (occurrence?.status === 'draft') await startCampaignRun({ tuid, record: occurrence, from: ['draft'], startedBy: parent.lastModifiedBy, kind: 'send', now });
  const next = parent.recurring ? nextOccurrence(parent.recurring, dueTime) : null;
  await changeCampaignRecord(
    tuid,
    parent.id,
    { statuses: ['scheduled'] },
    next ? { status: 'scheduled', scheduleTime: next.toISOString() } : { status: 'draft', scheduleTime: null, recurring: null },
  );
}

export async function runCampaignScheduler(now: Date): Promise<{ started: number }> {
  let started = 0;
  for (const { tuid, campaignId } of await listDueCampaigns(now, DUE_PER_RUN)) {
    const record = await getCampaignRecord(tuid, campaignId);
    if (!record || record.status !== 'scheduled' || !record.scheduleTime || Date.parse(record.scheduleTime) > now.getTime()) continue;
    try {
      await requireReadyToSend({ tuid, record });
      if (record.recurring) await startOccurrence(tuid, record, new Date(record.scheduleTime), now);
      else await startCampaignRun({ tuid, record, from: ['scheduled'], startedBy: record.lastModifiedBy, kind: 'send', now });
      started += 1;
    } catch (error) {
      if (error instanceof AppError) await backToDraft(tuid, record, error, now);
      else logger.error('scheduled campaign not started', { tuid, campaignId, error });
    }
  }
  return { started };
}
