/**
 * Notification kinds of spec §3 and the messages each can carry. A message is rendered from
 * `notifications:<type>.<messageType>` in shared/locales/<lng>/notifications.json with its values,
 * by the web app and by the notification mail alike.
 */

export const NOTIFICATION_TYPES = [
  'emailCampign',
  'smsCampaign',
  'import',
  'export',
  'creditReady',
  'payAsYouGoExpiryWarning',
  'payAsYouGoExpired',
  'storageLimit',
  'contactLimit',
  'paymentError',
  'paymentReminder',
  'teamAdminApprove',
  'teamAdminInform',
  'outsiderApprove',
  'teamResourceAllocation',
  'connection',
  'smsIdentity',
  'templateShare',
  /** Not in spec §3: a webhook endpoint disabled after 24 hours of failed deliveries (issue 19; docs/decisions.md). */
  'webhook',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The messages of each kind; the first word of each key in the locale files. */
export const NOTIFICATION_MESSAGES = {
  emailCampign: ['started', 'finished', 'paused', 'resumed', 'stopped', 'scheduled', 'cancelled', 'backToDraft', 'approvalRequested', 'approved', 'rejected', 'guardPaused'],
  smsCampaign: ['started', 'finished', 'paused', 'resumed', 'stopped', 'scheduled', 'cancelled', 'backToDraft', 'approvalRequested', 'approved', 'rejected', 'guardPaused'],
  import: ['finished', 'stopped', 'aborted', 'limitReached'],
  export: ['finished', 'failed'],
  creditReady: ['email', 'sms', 'attachment', 'storage'],
  payAsYouGoExpiryWarning: ['expiresIn'],
  payAsYouGoExpired: ['expired'],
  storageLimit: ['reached75', 'reached100'],
  contactLimit: ['reached75', 'reached100'],
  paymentError: ['failed'],
  paymentReminder: ['autoRenew', 'cancelled'],
  teamAdminApprove: ['joinRequest', 'invitation', 'resourceTransfer', 'campaignStart'],
  teamAdminInform: ['memberJoined', 'memberRemoved', 'passwordChanged', 'loginEmailChanged'],
  outsiderApprove: ['invitation'],
  teamResourceAllocation: ['allocated', 'transferRequested', 'transferAccepted', 'transferRejected'],
  connection: ['requested', 'accepted', 'rejected', 'removed', 'roleChanged'],
  smsIdentity: ['approved', 'rejected', 'reverify'],
  webhook: ['disabled'],
  templateShare: ['shared', 'copySent', 'received', 'accessRemoved', 'accessChanged', 'approved', 'rejected', 'groupShared', 'groupAccessRemoved'],
} as const satisfies Record<NotificationType, readonly string[]>;

export type NotificationMessageType<T extends NotificationType = NotificationType> = (typeof NOTIFICATION_MESSAGES)[T][number];

/** Severity of spec §3. */
export const SEVERITY = { success: 0, info: 1, warning: 2, error: 3 } as const;
export type Severity = (typeof SEVERITY)[keyof typeof SEVERITY];

/** A user named in a notice: `{ id, fullname }`; shown as 'You' when it is the reader (spec §3). */
export type NoticeUser = { id: string; fullname: string };

/** Transfer-type messages close after 5 s even at severity 3 (spec §4 "Notifications"). */
export function isTransferType(type: string): boolean {
  return type === 'teamResourceAllocation';
}

/** Spec §4: a toast lasts 5 s but stays open at severity 3, except for transfer types. */
export function toastStaysOpen(notification: { type: string; severity: number }): boolean {
  return notification.severity === SEVERITY.error && !isTransferType(notification.type);
}

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export function isMessageOf(type: NotificationType, messageType: string): boolean {
  return (NOTIFICATION_MESSAGES[type] as readonly string[]).includes(messageType);
}

/** Kinds a user may choose to also receive by email (settings → notifications). */
export const EMAILABLE_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES;

function isNoticeUser(value: unknown): value is NoticeUser {
  return typeof value === 'object' && value !== null && 'id' in value && 'fullname' in value;
}

/**
 * Message values ready for interpolation: users become their name, or `you` when they are the
 * reader (spec §3: "The current user's id is compared to show 'You'"); numbers and text stay.
 */
export function noticeValues(values: Record<string, unknown>, readerId: string, you: string): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      if (isNoticeUser(value)) return [key, value.id === readerId ? you : value.fullname];
      if (typeof value === 'number') return [key, value];
      return [key, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** `{{name}}` interpolation, the same syntax i18next uses, for texts rendered outside the browser. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
