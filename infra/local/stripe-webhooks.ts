/**
 * The Stripe stand-in's webhook deliveries: each event is POSTed to the endpoint after the API call
 * that made it has answered, signed as Stripe signs (`Stripe-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" with the whsec_ secret>`), so `stripe.webhooks.constructEvent`
 * accepts it. A non-2xx answer or a network error is retried after each delay of `retryDelaysMs`
 * (bounded; Stripe retries for days), with a few deliveries in flight at once, as Stripe sends them
 * in no guaranteed order. Tests hold deliveries, release them, redeliver an event and read the log.
 */
import { createHmac } from 'node:crypto';

export type WebhookEndpoint = { url: string; secret: string };

export type WebhookDelivery = {
  eventId: string;
  type: string;
  /** 1 for the first try of a delivery, 2 for its first retry, … */
  attempt: number;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  /** A redelivery asked for through the test controls. */
  redelivery: boolean;
  at: string;
};

/** An Event object as the stand-in keeps it. */
type StoredEvent = { id: string; [field: string]: unknown };

type Pending = { event: StoredEvent; attempt: number; redelivery: boolean };

export type WebhookSenderOptions = {
  endpoint?: WebhookEndpoint;
  /** Waits before each retry; the delivery is given up after the last. */
  retryDelaysMs?: readonly number[];
  /** Deliveries in flight at once. */
  concurrency?: number;
};

/** Doubling from a quarter second to 16 s: about half a minute of retries, then given up. */
const DEFAULT_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000];
const DELIVERIES_KEPT = 2_000;
const DELIVERY_TIMEOUT_MS = 10_000;

/** The Stripe-Signature header of `payload` at `timestampSeconds`, as Stripe computes it. */
export function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export function createWebhookSender(options: WebhookSenderOptions) {
  let endpoint = options.endpoint;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const concurrency = options.concurrency ?? 8;
  const ready: Pending[] = [];
  const held: Pending[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const deliveries: WebhookDelivery[] = [];
  let inFlight = 0;
  let holding = false;
  let stopped = false;
  const idleWaiters: Array<() => void> = [];

  const enqueue = (pending: Pending) => {
    if (stopped || !endpoint) return;
    (holding ? held : ready).push(pending);
    pump();
  };

  const pump = () => {
    while (!stopped && inFlight < concurrency && ready.length > 0) {
      const pending = ready.shift()!;
      inFlight += 1;
      void deliver(pending).finally(() => {
        inFlight -= 1;
        pump();
        if (isIdle()) idleWaiters.splice(0).forEach((resolve) => resolve());
      });
    }
  };

  const isIdle = () => inFlight === 0 && ready.length === 0 && timers.size === 0;

  const deliver = async (pending: Pending) => {
    const target = endpoint;
    if (!target) return;
    // Stripe's payloads are indented JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(pending.event, null, 2);
    let status = 0;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, target.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: pending.event.id, type: String(pending.event.type), attempt: pending.attempt, status, redelivery: pending.redelivery, at: new Date().toISOString() });
    deliveries.splice(0, Math.max(0, deliveries.length - DELIVERIES_KEPT));
    const delay = retryDelays[pending.attempt - 1];
    if ((status < 200 || status > 299) && delay !== undefined && !stopped) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        enqueue({ ...pending, attempt: pending.attempt + 1 });
        if (isIdle()) idleWaiters.splice(0).forEach((resolve) => resolve());
      }, delay);
      timer.unref();
      timers.add(timer);
    }
  };

  return {
    /** Queues the first delivery of a new event (the stand-in calls it once the API call has answered). */
    send(event: StoredEvent): void {
      enqueue({ event, attempt: 1, redelivery: false });
    },
    /** Sends the event again `times` times, as Stripe may (its deliveries are at least once). */
    redeliver(event: StoredEvent, times: number): void {
      for (let index = 0; index < times; index += 1) enqueue({ event, attempt: 1, redelivery: true });
    },
    hold(): void {
      holding = true;
    },
    /** Sends everything held, oldest first, and stops holding. */
    release(): number {
      holding = false;
      const released = held.splice(0);
      ready.push(...released);
      pump();
      return released.length;
    },
    status() {
      return { holding, held: held.map((pending) => pending.event.id), inFlight, retrying: timers.size, endpoint: endpoint?.url ?? null };
    },
    deliveries(): readonly WebhookDelivery[] {
      return deliveries;
    },
    setEndpoint(next: WebhookEndpoint | undefined): void {
      endpoint = next;
    },
    /** Resolves when nothing is queued, in flight or waiting to be retried (held deliveries aside). */
    idle(): Promise<void> {
      return isIdle() ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      ready.length = 0;
      held.length = 0;
      idleWaiters.splice(0).forEach((resolve) => resolve());
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
