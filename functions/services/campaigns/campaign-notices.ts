/**
 * Campaign notifications (spec §3 notification types emailCampign and smsCampaign, the campaign
 * family of values): one sentence per state change, to the people it concerns, and the account's
 * webhooks' campaign.state_changed. A failure to notify never undoes the state change it reports; it is logged.
 */
import { SEVERITY, type NotificationMessageType, type Severity } from '../../../shared/domain/notifications.js';
import type { CampaignRecord, CampaignUser } from '../../data/campaigns.js';
import { logger } from '../../lib/logger.js';
import { createNotification, type TNotificationContent } from '../notifications/notifications.js';
import { emitWebhookEvent } from '../webhooks/events.js';

type CampaignMessage = NotificationMessageType<'emailCampign'> & NotificationMessageType<'smsCampaign'>;

const SEVERITY_OF: Partial<Record<CampaignMessage, Severity>> = {
  finished: SEVERITY.success,
  approved: SEVERITY.success,
  backToDraft: SEVERITY.warning,
  stopped: SEVERITY.warning,
  rejected: SEVERITY.warning,
  approvalRequested: SEVERITY.warning,
  // The run waits for the owner's decision: the toast stays until read.
  guardPaused: SEVERITY.error,
};

export type CampaignNoticeCounts = { total?: number; sent?: number };

const noticeUser = (user: CampaignUser) => ({ id: user.loginTuid, fullname: user.name });

/**
 * Tells the campaign's creator and the account owner (once if they are the same person), or the
 * listed users, about `messageType`. `actor` is who did it (startedBy or approver by message).
 */
export async function notifyCampaign(options: {
  tuid: string;
  record: CampaignRecord;
  messageType: CampaignMessage;
  actor?: CampaignUser;
  counts?: CampaignNoticeCounts;
  to?: readonly string[];
  /** Further values of the message (the deliverability guard's figures). */
  details?: Readonly<Record<string, string | number>>;
  now: Date;
}): Promise<void> {
  const { tuid, record, messageType, actor, counts, now } = options;
  const recipients = [...new Set(options.to ?? [record.createdBy.loginTuid, tuid])];
  const total = counts?.total ?? 0;
  const sent = counts?.sent ?? 0;
  const values: NonNullable<TNotificationContent['values']> = {
    // Not a value of spec §3: lets the notice open the campaign's report.
    campaignId: record.id,
    campName: record.name,
    campaignType: record.type,
    campStartTime: record.scheduleTime ?? record.run?.startTime ?? now.toISOString(),
    totalNumberOfRecipients: total,
    sentNumberOfRecipients: sent,
    remainNumberOfRecipients: Math.max(0, total - sent),
    ...(actor ? { startedBy: noticeUser(actor), approver: noticeUser(actor) } : {}),
    ...options.details,
  };
  const type = record.channel === 'email' ? 'emailCampign' : 'smsCampaign';
  await emitWebhookEvent({
    tuid,
    type: 'campaign.state_changed',
    data: { campaignId: record.id, name: record.name, channel: record.channel, change: messageType, total, sent, ...options.details },
    now,
  });
  await Promise.all(
    recipients.map((userId) =>
      createNotification({ userId, type, messageType, severity: SEVERITY_OF[messageType] ?? SEVERITY.info, values, now }).catch((error: unknown) =>
        logger.warn('campaign notification failed', { campaignId: record.id, messageType, userId, error }),
      ),
    ),
  );
}
