/**
 * Webhooks (issue 19, settings → developers): the events an endpoint can subscribe to, and the
 * retry schedule of a delivery. Pure: the signing and the HTTP call are in functions/.
 */

/** Every event an account's endpoints can receive, named `<object>.<what happened>` as Stripe and Svix name theirs. */
export const WEBHOOK_EVENT_TYPES = [
  'contact.subscribed',
  'contact.unsubscribed',
  'email.delivered',
  'email.opened',
  'email.clicked',
  'email.bounced',
  'email.complained',
  'sms.delivered',
  'sms.failed',
  'sms.opted_out',
  'campaign.state_changed',
  'import.finished',
  /** Sent only by "send a test event", to the endpoint asked for, whatever it subscribed to. */
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The types an endpoint can subscribe to (the test event is not one: it is asked for). */
export type SubscribableWebhookEventType = Exclude<WebhookEventType, 'webhook.test'>;
export const SUBSCRIBABLE_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type): type is SubscribableWebhookEventType => type !== 'webhook.test');

/** How long a delivery is retried, from the event, before it fails and its endpoint is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Waits before attempts 2, 3, …: quick at first, then growing to hourly; the last repeats. About
 * 24 attempts fit in the window, as Svix's and Stripe's schedules make. The first retry comes after
 * 1 s, not Svix's 5 s: a receiver that drops one request in ten (a busy instance, a deploy) should
 * still have 99% of events within 2 s (the webhook-delivery target).
 */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;

/** The wait after a failed attempt number `attempt` (1 for the first). */
export function webhookRetryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
}

/**
 * When the attempt after a failed one is due, or null when it would fall outside the retry window
 * (the delivery has failed for good).
 */
export function nextWebhookAttemptAt(options: { eventAt: Date; failedAttempt: number; now: Date }): Date | null {
  const next = new Date(options.now.getTime() + webhookRetryDelayMs(options.failedAttempt));
  return next.getTime() - options.eventAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

/** A receiver's answer counts as delivered when it is 2xx; a redirect is not followed (the Standard Webhooks rule). */
export function isWebhookSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

/** Most endpoints per account (Stripe allows 16; a list this short is cached whole). */
export const MAX_WEBHOOK_ENDPOINTS = 16;
/** Deliveries shown per endpoint, newest first; older ones expire (WEBHOOK_LOG_RETENTION_DAYS). */
export const WEBHOOK_LOG_PAGE = 50;
/** A delivery's log entry is kept this long (DynamoDB TTL), past the 24 h of retries. */
export const WEBHOOK_LOG_RETENTION_DAYS = 14;
/** The start of a receiver's answer kept in the log. */
export const WEBHOOK_RESPONSE_SNIPPET_CHARS = 500;

/** The webhook event of a recipient's engagement event on a channel, if it has one (sent and skipped do not). */
export function webhookTypeOfEngagement(channel: 'email' | 'sms', kind: string): WebhookEventType | null {
  const types: Record<'email' | 'sms', Partial<Record<string, WebhookEventType>>> = {
    email: { delivered: 'email.delivered', opened: 'email.opened', clicked: 'email.clicked', bounced: 'email.bounced', complained: 'email.complained', unsubscribed: 'contact.unsubscribed' },
    sms: { delivered: 'sms.delivered', failed: 'sms.failed', unsubscribed: 'sms.opted_out' },
  };
  return types[channel][kind] ?? null;
}

type SubscriptionState = { email: string | null; mobile: string | null; emailSubscribe: boolean; smsSubscribe: boolean };

/**
 * The contact.subscribed / contact.unsubscribed events of a contact written by hand (created when
 * `before` is null): one per channel with an address whose subscription the write turned on or off.
 */
export function subscriptionEvents(before: SubscriptionState | null, after: SubscriptionState): Array<{ type: 'contact.subscribed' | 'contact.unsubscribed'; channel: 'email' | 'sms'; address: string }> {
  const channels = [
    { channel: 'email' as const, address: after.email, was: before !== null && before.email !== null && before.emailSubscribe, is: after.emailSubscribe },
    { channel: 'sms' as const, address: after.mobile, was: before !== null && before.mobile !== null && before.smsSubscribe, is: after.smsSubscribe },
  ];
  return channels.flatMap(({ channel, address, was, is }) =>
    address === null || was === is || (before === null && !is) ? [] : [{ type: is ? ('contact.subscribed' as const) : ('contact.unsubscribed' as const), channel, address }],
  );
}
