/**
 * One WebSocket connection with its life cycle: reconnect with back-off after a drop, keep-alive
 * pings (API Gateway closes a connection idle for 10 minutes), a pong deadline that catches
 * half-open connections (a laptop waking from sleep), and a clean stop on logout. No React and
 * no globals, so unit tests drive it with a fake WebSocket and fake timers.
 */
import type { TSocketEvent } from '../../../shared/schemas/realtime.js';
import { reconnectDelay } from './backoff.js';
import { parseSocketMessage } from './socket-message.js';

export const PING_INTERVAL_MS = 5 * 60_000;
/** Longer than a cold-started $default Lambda takes to answer. */
export const PONG_TIMEOUT_MS = 20_000;
export const PING_MESSAGE = JSON.stringify({ action: 'ping' });

/** The part of the browser's WebSocket this client uses (method syntax, so WebSocket fits it). */
export type WebSocketLike = {
  readonly readyState: number;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  send(data: string): void;
  close(code?: number): void;
};

const OPEN = 1;

export type SocketConnectionOptions = {
  /** The URL to open, read at each attempt so a reconnect carries the current token; null stops. */
  url: () => string | null;
  createSocket: (url: string) => WebSocketLike;
  onEvent: (event: TSocketEvent) => void;
  /** Called when a connection opens again after a drop: events sent meanwhile may be lost. */
  onReconnected: () => void;
  /** Called when a connection drops or an attempt is refused (not on stop): the session may have ended. */
  onClosed: () => void;
  random?: () => number;
};

export type SocketConnection = {
  start(): void;
  stop(): void;
  /** Skips a pending back-off wait (a fresh token, the network came back). */
  retryNow(): void;
  /** Closes the current connection and opens a new one at once (another user or session). */
  restart(): void;
};

export function createSocketConnection(options: SocketConnectionOptions): SocketConnection {
  let socket: WebSocketLike | null = null;
  let running = false;
  let wasConnected = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    retryTimer = pingTimer = pongTimer = undefined;
  };

  // Forgets the socket before closing it: its late events then fail the `socket === current` checks.
  const discard = () => {
    const current = socket;
    socket = null;
    current?.close(1000);
  };

  const scheduleRetry = () => {
    clearTimers();
    if (!running) return;
    retryTimer = setTimeout(open, reconnectDelay(attempt, options.random));
    attempt += 1;
  };

  const ping = () => {
    if (socket?.readyState !== OPEN) return;
    socket.send(PING_MESSAGE);
    clearTimeout(pongTimer);
    pongTimer = setTimeout(() => {
      // No answer at all: the connection is dead without a close event; drop it and retry.
      discard();
      scheduleRetry();
    }, PONG_TIMEOUT_MS);
  };

  function open(): void {
    clearTimers();
    const url = options.url();
    if (!running || !url) return;
    const current = options.createSocket(url);
    socket = current;
    current.addEventListener('open', () => {
      if (socket !== current) return;
      attempt = 0;
      pingTimer = setInterval(ping, PING_INTERVAL_MS);
      if (wasConnected) options.onReconnected();
      wasConnected = true;
    });
    current.addEventListener('message', ({ data }) => {
      if (socket !== current) return;
      // Any frame, the pong included, proves the connection alive.
      clearTimeout(pongTimer);
      const event = parseSocketMessage(data);
      if (event) options.onEvent(event);
    });
    // A refused handshake (401) and a drop both end here; the error event always precedes it.
    current.addEventListener('close', () => {
      if (socket !== current) return;
      socket = null;
      scheduleRetry();
      options.onClosed();
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      open();
    },
    stop() {
      running = false;
      wasConnected = false;
      attempt = 0;
      clearTimers();
      discard();
    },
    retryNow() {
      if (running && !socket) open();
    },
    restart() {
      if (!running) return;
      discard();
      attempt = 0;
      open();
    },
  };
}
