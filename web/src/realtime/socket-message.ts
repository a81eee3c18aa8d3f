/**
 * Reads a socket frame into a TSocketEvent without zod (kept out of the browser bundle): the
 * payload shapes are the server's contract (shared/schemas/realtime.ts); here we only make sure
 * the frame is one of the known events, so unknown or malformed frames are dropped safely.
 */
import type { TSocketEvent, TSocketEventName } from '../../../shared/schemas/realtime.js';

// A record keyed by every event name: the compiler fails when ZSocketEvent gains or loses one.
const KNOWN_EVENTS: Record<TSocketEventName, true> = {
  notification: true,
  logout: true,
  returnToAccount: true,
  refreshToken: true,
  changedPassword: true,
  updateShoppingCart: true,
  creditsChanged: true,
  acknowledge: true,
  mlst: true,
  progress: true,
  announcement: true,
  bounceReason: true,
  newLogin: true,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adapter guard: a known event name, a user id, and an object payload (absent only for refreshToken). */
export function isSocketEvent(value: unknown): value is TSocketEvent {
  if (!isRecord(value) || typeof value.event !== 'string' || !Object.hasOwn(KNOWN_EVENTS, value.event)) return false;
  if (typeof value.userId !== 'string') return false;
  return isRecord(value.data) || (value.data === undefined && value.event === 'refreshToken');
}

/** The event carried by one text frame, or null for pongs, unknown events and garbage. */
export function parseSocketMessage(text: unknown): TSocketEvent | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isSocketEvent(value) ? value : null;
  } catch {
    return null;
  }
}

/** Narrows a dispatched event to the one a subscriber asked for. */
export function isEventNamed<E extends TSocketEventName>(message: TSocketEvent, event: E): message is Extract<TSocketEvent, { event: E }> {
  return message.event === event;
}
