/**
 * The app's real-time socket API (spec §7): subscribe to server events by name, and learn when
 * the connection came back after a drop (refetch what may have been missed: the socket only
 * signals; the lists stay the source of truth). The connection itself is driven by
 * RealtimeHost (realtime-host.tsx), mounted once in the app.
 */
import { useEffect, useRef } from 'react';
import type { TSocketEvent, TSocketEventName } from '../../../shared/schemas/realtime.js';
import { isEventNamed } from './socket-message.js';

export type { TSocketEvent, TSocketEventName };
export type TSocketMessage<E extends TSocketEventName> = Extract<TSocketEvent, { event: E }>;

type Listener = (message: TSocketEvent) => void;

const eventListeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();

/** Calls `handler` for every `event` frame until the returned function is called. */
export function subscribeSocketEvent<E extends TSocketEventName>(event: E, handler: (message: TSocketMessage<E>) => void): () => void {
  const listener: Listener = (message) => {
    if (isEventNamed(message, event)) handler(message);
  };
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Calls `handler` each time the socket reconnects after a drop. */
export function onSocketReconnected(handler: () => void): () => void {
  reconnectListeners.add(handler);
  return () => reconnectListeners.delete(handler);
}

// One failing subscriber must not keep the event from the others.
function callSafely(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.error(error);
  }
}

/** Hands a received event to its subscribers (called by the connection; exported for tests). */
export function dispatchSocketEvent(message: TSocketEvent): void {
  for (const listener of [...eventListeners]) callSafely(() => listener(message));
}

export function dispatchSocketReconnected(): void {
  for (const listener of [...reconnectListeners]) callSafely(listener);
}

/**
 * Subscribes for the component's lifetime. The subscription is made once per event name; the
 * latest `handler` is always the one called, so it may be an inline function.
 */
export function useSocketEvent<E extends TSocketEventName>(event: E, handler: (message: TSocketMessage<E>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeSocketEvent(event, (message) => latest.current(message)), [event]);
}
