/**
 * Campaign states (spec §4 "Campaign", "Approval"): the statuses, which action moves a campaign
 * from which status to which, and when it may still be edited. Channel-agnostic: email, SMS and
 * MMS share every rule here.
 */

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'started', 'paused', 'resumed', 'stopped', 'cancelled', 'finished', 'recovered'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** States in which recipients are being sent to. */
export const SENDING_STATUSES: readonly CampaignStatus[] = ['started', 'resumed', 'recovered'];

export function isSending(status: CampaignStatus): boolean {
  return SENDING_STATUSES.includes(status);
}

/** Approval of a send (spec §4 "Approval"); `null` when none was asked for. */
export const APPROVAL_STATES = ['waiting', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/**
 * What a user can do to a campaign (spec §4 toast-worthy actions). `approve` and `reject` are the
 * approver's; the rest are the sender's. Renaming, replicating, tagging and deleting are not state
 * changes and are not listed.
 */
export const CAMPAIGN_ACTIONS = [
  'sendNow',
  'schedule',
  'activateRecurring',
  'modifyRecurring',
  'deactivateRecurring',
  'cancel',
  'pause',
  'resume',
  'stop',
  'recover',
  'requestApproval',
  'approve',
  'reject',
] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** The part of a campaign the transition rules look at. */
export type CampaignStateView = {
  status: CampaignStatus;
  approval: ApprovalState | null;
  /** A recurring schedule is active (its status is `scheduled` between occurrences). */
  recurring: boolean;
};

/** From which statuses each action may be taken (approval further restricts some, see `canTake`). */
export const ACTION_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  sendNow: ['draft', 'cancelled'],
  schedule: ['draft', 'cancelled', 'scheduled'],
  activateRecurring: ['draft', 'cancelled'],
  modifyRecurring: ['scheduled'],
  deactivateRecurring: ['scheduled'],
  cancel: ['scheduled'],
  pause: ['started', 'resumed', 'recovered'],
  resume: ['paused'],
  stop: ['started', 'resumed', 'recovered', 'paused'],
  recover: ['stopped'],
  requestApproval: ['draft', 'cancelled'],
  approve: ['draft'],
  reject: ['draft'],
};

/** Whether `action` is allowed now; the reason code when it is not (an i18n key under `campaigns.refused.`). */
export function refusalOf(action: CampaignAction, campaign: CampaignStateView): 'wrongStatus' | 'awaitingApproval' | 'noApprovalRequest' | 'notRecurring' | null {
  if (!ACTION_FROM[action].includes(campaign.status)) return 'wrongStatus';
  if (action === 'approve' || action === 'reject') return campaign.approval === 'waiting' ? null : 'noApprovalRequest';
  if ((action === 'modifyRecurring' || action === 'deactivateRecurring') && !campaign.recurring) return 'notRecurring';
  if (action === 'cancel' && campaign.recurring) return 'wrongStatus';
  // While an approver decides, the sender cannot send another way round the request.
  if (campaign.approval === 'waiting' && ['sendNow', 'schedule', 'activateRecurring', 'requestApproval'].includes(action)) return 'awaitingApproval';
  return null;
}

/** The status an allowed action leads to at once (a send's planner may later return it to draft). */
export function statusAfter(action: CampaignAction, campaign: CampaignStateView): CampaignStatus {
  switch (action) {
    case 'sendNow':
      return 'started';
    case 'schedule':
    case 'activateRecurring':
    case 'modifyRecurring':
      return 'scheduled';
    case 'deactivateRecurring':
      return 'draft';
    case 'cancel':
      return 'cancelled';
    case 'pause':
      return 'paused';
    case 'resume':
      return 'resumed';
    case 'stop':
      return 'stopped';
    case 'recover':
      return 'recovered';
    case 'requestApproval':
    case 'reject':
      return 'draft';
    case 'approve':
      // Approved sends go now; a send that was asked for a time is scheduled by the caller.
      return 'started';
    default:
      return campaign.status;
  }
}

/** Whether the campaign's content and recipients may still be edited. */
export function isEditable(campaign: Pick<CampaignStateView, 'status' | 'approval'>): boolean {
  return (campaign.status === 'draft' || campaign.status === 'cancelled' || campaign.status === 'scheduled') && campaign.approval !== 'waiting';
}
