/**
 * Campaign state changes (spec §4 "Campaign", "Approval"): send now, schedule, recurring
 * schedules, cancel, pause, resume, stop, recover, and the approval round. Each is one
 * conditional write judged on the stored state (shared/domain/campaign-states.ts says which action is
 * allowed from where), then its side effect: a run queued for the planner, parked batches
 * released, a notification. Sending itself is the pipeline's (services/campaigns/campaign-send/).
 */
import { type CampaignFamily } from '../../../shared/domain/campaign-channels.js';
import { missingForSend, missingForTextSend } from '../../../shared/domain/campaign-readiness.js';
import { nextOccurrence, scheduleProblem } from '../../../shared/domain/campaign-schedule.js';
import { ACTION_FROM, type CampaignAction, type CampaignStatus, refusalOf, statusAfter } from '../../../shared/domain/campaign-states.js';
import { mmsMediaProblems } from '../../../shared/domain/mms-media.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignActionRequest, TCampaignSummary, TRecurringRule } from '../../../shared/schemas/campaigns.js';
import { getAccount } from '../../data/accounts.js';
import { changeCampaignRecord, getApprovers, readEmailCommand, readTextCommand, type CampaignChange, type CampaignRecord, type CampaignRun, type CampaignUser } from '../../data/campaigns.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { config } from '../../lib/config.js';
import { enqueueCampaignPlan } from '../../queues/campaign-plan.js';
import { notifyCampaign } from './campaign-notices.js';
import { resumeCampaignRun, stopCampaignRun } from './campaign-send/run-control.js';
import { isSendableSender } from '../sender-identities/sender-addresses.js';
import { listUsableSenderIds } from '../sms-settings/sender-ids.js';
import { campaignUser, requireCampaign, stateViewOf, summaryOf, type Caller } from './campaigns.js';

function refused(record: CampaignRecord, action: CampaignAction, reason: string): AppError {
  return new AppError(ERROR_CODES.CAMPAIGN_STATE, `Cannot ${action} the campaign '${record.name}' (${record.status}${record.approval?.state === 'waiting' ? ', waiting for approval' : ''}): ${reason}.`);
}

/** Everything a send needs, checked before anything changes: a verified account, a complete command, a sender it may use. */
export async function requireReadyToSend({ tuid, record }: { tuid: string; record: CampaignRecord }): Promise<void> {
  const account = await getAccount(tuid);
  if (!account || account.unverified) {
    throw new AppError(ERROR_CODES.UNVERIFIED, 'Verify the account’s login email before sending campaigns.');
  }
  if (record.channel === 'email') {
    const command = await readEmailCommand(record.commandKey);
    const missing = missingForSend(command);
    if (missing.length > 0) throw new AppError(ERROR_CODES.CAMPAIGN_INCOMPLETE, `missing ${missing.join(', ')}`);
    if (!(await isSendableSender({ tuid, address: command.senderEmail ?? '' }))) {
      throw new AppError(ERROR_CODES.SENDER_UNVERIFIED, 'Send from a verified sender address or an address at a verified domain (settings → emails).');
    }
    return;
  }
  const command = await readTextCommand(record.commandKey);
  const missing = missingForTextSend(record.channel, command);
  if (missing.length > 0) throw new AppError(ERROR_CODES.CAMPAIGN_INCOMPLETE, `missing ${missing.join(', ')}`);
  if (record.channel === 'mms' && mmsMediaProblems(command.content?.components ?? []).length > 0) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, 'A media file of this MMS is too large or of a type MMS does not take.');
  }
  if (record.channel === 'mms' && !config().MMS_ORIGINATION_IDENTITY) {
    throw new AppError(ERROR_CODES.MMS_NOT_SET_UP, 'This platform has no phone number that can send MMS yet.');
  }
  // A sender ID names the sender only once support verified it (and while no re-verification has lapsed).
  if (command.senderId && !(await listUsableSenderIds({ tuid })).some((usable) => usable.id === command.senderId)) {
    throw new AppError(ERROR_CODES.SENDER_UNVERIFIED, 'The chosen sender ID is not verified: choose a verified one, or none.');
  }
}

/** The caller's approvers, unless the caller is the account's owner (who never needs approval). */
async function approversOf(caller: Caller): Promise<string[]> {
  if (caller.tuid === caller.loginTuid) return [];
  return getApprovers(caller.tuid, caller.loginTuid);
}

function newRun(record: CampaignRecord, startedBy: CampaignUser, kind: 'send' | 'recover', now: Date): CampaignRun {
  return { runId: timeOrderedId(now), kind, startTime: now.toISOString(), startedBy, recipients: null, estimatedEndTime: null, finishTime: null, commandKey: record.commandKey };
}

/**
 * Starts a run of a campaign that is in one of `from`: the status, the run and no schedule in one
 * conditional write, then the planner's message. Answers the started campaign, or null when it
 * was no longer in `from` (another request or the scheduler started it first).
 */
export async function startCampaignRun(options: {
  tuid: string;
  record: CampaignRecord;
  from: readonly CampaignStatus[];
  startedBy: CampaignUser;
  kind: 'send' | 'recover';
  now: Date;
  extra?: CampaignChange;
}): Promise<CampaignRecord | null> {
  const { tuid, record, startedBy, kind, now } = options;
  const run = newRun(record, startedBy, kind, now);
  const started = await changeCampaignRecord(
    tuid,
    record.id,
    { statuses: options.from, ...(kind === 'send' ? {} : { runId: record.run?.runId }) },
    { status: kind === 'send' ? 'started' : 'recovered', run, scheduleTime: null, draftReason: null, ...options.extra },
  );
  if (!started) return null;
  await enqueueCampaignPlan({ tuid, campaignId: record.id, runId: run.runId, kind });
  return started;
}

function validSchedule(scheduleTime: string, now: Date): string {
  const at = new Date(scheduleTime);
  const problem = scheduleProblem(at, now);
  if (problem) throw new AppError(ERROR_CODES.SCHEDULE_TIME, problem === 'tooSoon' ? 'The send time must be at least 5 minutes from now.' : 'The send time must be within a year.');
  return at.toISOString();
}

function firstOccurrence(rule: TRecurringRule, now: Date): string {
  const next = nextOccurrence(rule, now);
  if (!next) throw new AppError(ERROR_CODES.SCHEDULE_TIME, 'The recurring schedule has no send time ahead.');
  return next.toISOString();
}

/** POST email/campaigns/{id}/actions (sms/campaigns/...): one state change, answered with the campaign as it is after it. */
export async function takeCampaignAction(options: Caller & { campaignId: string; family: CampaignFamily; request: TCampaignActionRequest; now: Date }): Promise<TCampaignSummary> {
  const { tuid, loginTuid, campaignId, family, request, now } = options;
  const record = await requireCampaign({ tuid, campaignId, family });
  const { action } = request;
  const refusal = refusalOf(action, stateViewOf(record));
  if (refusal) throw refused(record, action, refusal);
  const user = await campaignUser(loginTuid);
  // The stored state must still be one the action may start from when it is written.
  const from = ACTION_FROM[action];
  const modified = { lastModifiedTime: now.toISOString(), lastModifiedBy: user };
  // Only a campaign nobody else is editing is sent or scheduled: what they are typing would be lost.
  const notEdited = { lock: { kind: 'notOthers' as const, loginTuid, now } };
  let after: CampaignRecord | null;

  switch (request.action) {
    case 'sendNow':
    case 'schedule':
    case 'activateRecurring': {
      await requireReadyToSend({ tuid, record });
      if ((await approversOf({ tuid, loginTuid })).length > 0) {
        throw new AppError(ERROR_CODES.APPROVAL_REQUIRED, 'Your campaigns need approval before they are sent: request approval.');
      }
      if (request.action === 'sendNow') {
        after = await startCampaignRun({ tuid, record, from, startedBy: user, kind: 'send', now, extra: modified });
        break;
      }
      const scheduleTime = request.action === 'schedule' ? validSchedule(request.scheduleTime, now) : firstOccurrence(request.recurring, now);
      after = await changeCampaignRecord(tuid, record.id, { statuses: from, approvalState: null, ...notEdited }, {
        status: 'scheduled',
        scheduleTime,
        recurring: request.action === 'activateRecurring' ? request.recurring : null,
        draftReason: null,
        ...modified,
      });
      if (after) await notifyCampaign({ tuid, record: after, messageType: 'scheduled', actor: user, now });
      break;
    }
    case 'modifyRecurring':
      after = await changeCampaignRecord(tuid, record.id, { statuses: from }, { status: 'scheduled', scheduleTime: firstOccurrence(request.recurring, now), recurring: request.recurring, ...modified });
      break;
    case 'deactivateRecurring':
      after = await changeCampaignRecord(tuid, record.id, { statuses: from }, { status: 'draft', scheduleTime: null, recurring: null, ...modified });
      break;
    case 'cancel':
      after = await changeCampaignRecord(tuid, record.id, { statuses: from }, { status: 'cancelled', scheduleTime: null, ...modified });
      if (after) await notifyCampaign({ tuid, record: after, messageType: 'cancelled', actor: user, now });
      break;
    case 'pause':
    case 'resume':
    case 'stop': {
      const runId = record.run?.runId ?? '';
      after = await changeCampaignRecord(tuid, record.id, { statuses: from, runId }, { status: statusAfter(action, stateViewOf(record)), ...modified });
      if (!after) break;
      if (request.action === 'resume') await resumeCampaignRun({ tuid, campaignId: record.id, runId, channel: record.channel });
      if (request.action === 'stop') await stopCampaignRun({ tuid, campaignId: record.id, runId });
      const messageType = request.action === 'pause' ? 'paused' : request.action === 'resume' ? 'resumed' : 'stopped';
      await notifyCampaign({ tuid, record: after, messageType, actor: user, counts: { total: after.run?.recipients ?? 0 }, now });
      break;
    }
    case 'recover':
      await requireReadyToSend({ tuid, record });
      after = await startCampaignRun({ tuid, record, from, startedBy: user, kind: 'recover', now, extra: modified });
      break;
    case 'requestApproval': {
      await requireReadyToSend({ tuid, record });
      const approvers = await approversOf({ tuid, loginTuid });
      if (approvers.length === 0) throw refused(record, action, 'your campaigns need no approval; send it');
      const scheduleTime = request.scheduleTime ? validSchedule(request.scheduleTime, now) : null;
      after = await changeCampaignRecord(tuid, record.id, { statuses: from, approvalState: null, ...notEdited }, {
        status: 'draft',
        approval: { state: 'waiting', requestedBy: user, requestTime: now.toISOString(), approvers, scheduleTime, decidedBy: null, decisionTime: null, reason: null },
        ...modified,
      });
      if (after) await notifyCampaign({ tuid, record: after, messageType: 'approvalRequested', actor: user, to: approvers, now });
      break;
    }
    case 'approve':
    case 'reject': {
      const approval = record.approval!;
      if (!approval.approvers.includes(loginTuid)) throw new AppError(ERROR_CODES.NO_PERMISSION, 'Only the listed approvers may decide on this campaign.');
      const decided = { ...approval, state: request.action === 'approve' ? ('approved' as const) : ('rejected' as const), decidedBy: user, decisionTime: now.toISOString(), reason: request.action === 'reject' ? (request.reason ?? null) : null };
      if (request.action === 'reject') {
        after = await changeCampaignRecord(tuid, record.id, { statuses: from, approvalState: 'waiting' }, { approval: decided, ...modified });
      } else if (approval.scheduleTime && new Date(approval.scheduleTime).getTime() > now.getTime()) {
        after = await changeCampaignRecord(tuid, record.id, { statuses: from, approvalState: 'waiting' }, { approval: decided, status: 'scheduled', scheduleTime: approval.scheduleTime, ...modified });
      } else {
        // Sent as its requester would have sent it: the run is theirs, the approval the approver's.
        after = await startCampaignRun({ tuid, record, from, startedBy: approval.requestedBy, kind: 'send', now, extra: { approval: decided, ...modified } });
      }
      if (after) await notifyCampaign({ tuid, record: after, messageType: request.action === 'approve' ? 'approved' : 'rejected', actor: user, to: [approval.requestedBy.loginTuid], now });
      break;
    }
  }
  if (!after) {
    // The stored campaign changed since it was read; answer from what it is now.
    const current = await requireCampaign({ tuid, campaignId, family });
    const reason = refusalOf(action, stateViewOf(current)) ?? 'it changed meanwhile or someone is editing it';
    throw refused(current, action, reason);
  }
  return summaryOf({ tuid, record: after, now });
}
