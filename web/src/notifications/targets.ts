/** Where a click on a notification leads (spec §2.7, §4, §6). */
import type { TNotification } from '../../../shared/schemas/notifications.js';
import { campaignPaths, emailPaths } from '../paths/campaigns.js';

type NoticeRef = Pick<TNotification, 'type' | 'message'>;

const GROUP_MESSAGES = new Set(['groupShared', 'groupAccessRemoved']);

/** The page a notification is about, or null when it has none and the user stays where they are. */
export function notificationTarget(notification: NoticeRef): string | null {
  switch (notification.type) {
    case 'emailCampign': {
      // The report shows the campaign's state, and an approver's accept and reject buttons.
      const campaignId = notification.message.values.campaignId;
      return typeof campaignId === 'string' ? emailPaths.report(campaignId) : '/emails';
    }
    case 'smsCampaign': {
      const campaignId = notification.message.values.campaignId;
      return typeof campaignId === 'string' ? campaignPaths('sms').report(campaignId) : '/sms-and-mms';
    }
    case 'import':
      return '/contacts';
    case 'export':
      return '/exports';
    case 'paymentError':
    case 'paymentReminder':
      return '/settings/billing';
    case 'templateShare':
      return GROUP_MESSAGES.has(notification.message.type) ? '/groups' : '/templates';
    case 'teamAdminApprove':
    case 'teamAdminInform':
    case 'outsiderApprove':
    case 'teamResourceAllocation':
      return '/settings/multi-user?tab=team';
    case 'connection':
      return '/settings/multi-user?tab=connect';
    case 'smsIdentity':
      return '/settings/sms-and-mms';
    default:
      return null;
  }
}

const TEAM_TYPES = new Set(['teamAdminApprove', 'teamAdminInform', 'outsiderApprove', 'teamResourceAllocation']);

/** Spec §6: an unverified user clicking a team or approval notification is asked to verify first. */
export function requiresVerifiedUser(notification: NoticeRef): boolean {
  return TEAM_TYPES.has(notification.type) || notification.message.type === 'approvalRequested';
}
