/** The socket client (spec §7 "Real-time socket"): back-off, frame guard, dispatch and the connection life cycle. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocketEvent } from '../../../../shared/schemas/realtime.js';
import { RECONNECT_BASE_MS, RECONNECT_CAP_MS, reconnectDelay } from '../../../../web/src/realtime/backoff.js';
import {
  createSocketConnection,
  PING_INTERVAL_MS,
  PING_MESSAGE,
  PONG_TIMEOUT_MS,
  type WebSocketLike,
} from '../../../../web/src/realtime/connection.js';
import { parseSocketMessage } from '../../../../web/src/realtime/socket-message.js';
import { socketBaseUrl, socketUrl } from '../../../../web/src/realtime/socket-url.js';
import { CART_COUNT_KEY, isGroupsKey, isMissedWhileOfflineKey, USER_INFO_KEY } from '../../../../web/src/realtime/swr-keys.js';
import {
  dispatchSocketEvent,
  dispatchSocketReconnected,
  onSocketReconnected,
  subscribeSocketEvent,
} from '../../../../web/src/realtime/socket.js';

/** A WebSocket the test opens, feeds and drops by hand. */
class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  private listeners = new Map<string, Set<(event: { data: unknown }) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  private fire(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  serverOpens(): void {
    this.readyState = 1;
    this.fire('open');
  }
  serverSends(frame: unknown): void {
    this.fire('message', typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  serverDrops(): void {
    this.readyState = 3;
    this.fire('close');
  }
}

const announcementEvent: TSocketEvent = { event: 'announcement', userId: 'u1', data: { id: 'a1' } };

function setUp(url: () => string | null = () => 'ws://host/ws?token=t1') {
  const sockets: FakeWebSocket[] = [];
  const events: TSocketEvent[] = [];
  const onReconnected = vi.fn();
  const onClosed = vi.fn();
  const connection = createSocketConnection({
    url,
    createSocket: (next) => {
      const socket = new FakeWebSocket(next);
      sockets.push(socket);
      return socket;
    },
    onEvent: (event) => events.push(event),
    onReconnected,
    onClosed,
    random: () => 1,
  });
  return { connection, sockets, events, onReconnected, onClosed, last: () => sockets[sockets.length - 1] };
}

describe('reconnect back-off', () => {
  it('doubles from 1 s to the 30 s cap, with half of each step random', () => {
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(3, () => 1)).toBe(8 * RECONNECT_BASE_MS);
    expect(reconnectDelay(12, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(40, () => 0)).toBe(RECONNECT_CAP_MS / 2);
  });
});

describe('socket frames', () => {
  it('accepts the known events and drops pongs, unknown events and garbage', () => {
    expect(parseSocketMessage(JSON.stringify(announcementEvent))).toEqual(announcementEvent);
    expect(parseSocketMessage(JSON.stringify({ event: 'refreshToken', userId: 'u1' }))).toEqual({ event: 'refreshToken', userId: 'u1' });
    expect(parseSocketMessage(JSON.stringify({ event: 'pong' }))).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ event: 'hack', userId: 'u1', data: {} }))).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ event: 'toString', userId: 'u1', data: {} }))).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ event: 'logout', userId: 'u1' }))).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ event: 'logout', data: { reason: 'trueDeleted' } }))).toBeNull();
    expect(parseSocketMessage('{not json')).toBeNull();
    expect(parseSocketMessage(new ArrayBuffer(4))).toBeNull();
  });

  it('builds the URL with token, client id and user id', () => {
    const url = new URL(socketUrl(socketBaseUrl(null, { protocol: 'https:', host: 'app.example.com' }), { token: 'a.b.c', clientId: 'tab1', userId: 'u1' }));
    expect(url.origin + url.pathname).toBe('wss://app.example.com/ws');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'a.b.c', clientId: 'tab1', userId: 'u1' });
    expect(socketBaseUrl('wss://ws.example.com/prod', { protocol: 'http:', host: 'x' })).toBe('wss://ws.example.com/prod');
  });
});

describe('what a reconnect refetches', () => {
  it('covers the user, the cart count and every announcement page, and nothing else', () => {
    expect(isMissedWhileOfflineKey(USER_INFO_KEY)).toBe(true);
    expect(isMissedWhileOfflineKey(CART_COUNT_KEY)).toBe(true);
    expect(isMissedWhileOfflineKey(['/api/v1/pageBasedAPI/announcement/pop-up', 2])).toBe(true);
    expect(isMissedWhileOfflineKey('/config')).toBe(false);
    expect(isGroupsKey('/api/v1/pageBasedAPI/groups/g1')).toBe(true);
    expect(isGroupsKey(['/api/v1/pageBasedAPI/groups', 1, '', ''])).toBe(true);
    expect(isGroupsKey(['/api/v1/pageBasedAPI/contacts/search', {}])).toBe(false);
  });
});

describe('dispatch', () => {
  it('hands each event to the subscribers of its name until they unsubscribe', () => {
    // Prepare
    const announcements = vi.fn();
    const logouts = vi.fn();
    const stopAnnouncements = subscribeSocketEvent('announcement', announcements);
    const stopLogouts = subscribeSocketEvent('logout', logouts);

    // Act
    dispatchSocketEvent(announcementEvent);
    stopAnnouncements();
    dispatchSocketEvent(announcementEvent);

    // Assess
    expect(announcements).toHaveBeenCalledTimes(1);
    expect(announcements).toHaveBeenCalledWith(announcementEvent);
    expect(logouts).not.toHaveBeenCalled();
    stopLogouts();
  });

  it('keeps delivering to the others when one subscriber throws', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    const stopBad = subscribeSocketEvent('announcement', () => {
      throw new Error('boom');
    });
    const stopGood = subscribeSocketEvent('announcement', good);
    const reconnected = vi.fn();
    const stopReconnected = onSocketReconnected(reconnected);

    dispatchSocketEvent(announcementEvent);
    dispatchSocketReconnected();

    expect(good).toHaveBeenCalledTimes(1);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    stopBad();
    stopGood();
    stopReconnected();
    errors.mockRestore();
  });
});

describe('connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers valid frames and pings every 5 minutes', () => {
    // Prepare
    const { connection, last, events } = setUp();
    connection.start();
    last().serverOpens();

    // Act
    last().serverSends(announcementEvent);
    last().serverSends({ event: 'pong' });
    vi.advanceTimersByTime(PING_INTERVAL_MS);

    // Assess
    expect(events).toEqual([announcementEvent]);
    expect(last().sent).toEqual([PING_MESSAGE]);
    connection.stop();
  });

  it('reconnects after a drop with growing waits, reads the URL again and reports the reconnect', () => {
    // Prepare
    let token = 't1';
    const { connection, sockets, last, onReconnected } = setUp(() => `ws://host/ws?token=${token}`);
    connection.start();
    last().serverOpens();

    // Act: the drop, then a refused attempt (the handshake fails), then success.
    token = 't2';
    last().serverDrops();
    vi.advanceTimersByTime(RECONNECT_BASE_MS - 1);
    const countBeforeWait = sockets.length;
    vi.advanceTimersByTime(1);
    last().serverDrops();
    vi.advanceTimersByTime(2 * RECONNECT_BASE_MS);
    last().serverOpens();

    // Assess
    expect(countBeforeWait).toBe(1);
    expect(sockets).toHaveLength(3);
    expect(last().url).toContain('token=t2');
    expect(onReconnected).toHaveBeenCalledTimes(1);
    connection.stop();
  });

  it('reports a drop and a refused attempt (the session may have ended), not its own close', () => {
    // Prepare
    const { connection, last, onClosed } = setUp();
    connection.start();
    last().serverOpens();

    // Act: the server closes it; the next attempt is refused; then one opens and the app stops it.
    last().serverDrops();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    last().serverDrops();
    vi.advanceTimersByTime(2 * RECONNECT_BASE_MS);
    last().serverOpens();
    connection.stop();

    // Assess
    expect(onClosed).toHaveBeenCalledTimes(2);
  });

  it('starts again from the first wait once a connection opened', () => {
    const { connection, sockets, last } = setUp();
    connection.start();
    last().serverDrops();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    last().serverDrops();
    vi.advanceTimersByTime(2 * RECONNECT_BASE_MS);
    last().serverOpens();
    last().serverDrops();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(sockets).toHaveLength(4);
    connection.stop();
  });

  it('drops a connection that does not answer a ping and reconnects', () => {
    const { connection, sockets, last } = setUp();
    connection.start();
    last().serverOpens();

    vi.advanceTimersByTime(PING_INTERVAL_MS + PONG_TIMEOUT_MS);
    const dead = last();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);

    expect(dead.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('stops for good on logout: no reconnect, late events ignored', () => {
    const { connection, sockets, events, last } = setUp();
    connection.start();
    const first = last();
    first.serverOpens();

    connection.stop();
    first.serverSends(announcementEvent);
    first.serverDrops();
    vi.advanceTimersByTime(RECONNECT_CAP_MS * 2);

    expect(first.closedWith).toBe(1000);
    expect(events).toEqual([]);
    expect(sockets).toHaveLength(1);
  });

  it('retries at once when asked during a back-off wait, and not while connected', () => {
    const { connection, sockets, last } = setUp();
    connection.start();
    last().serverOpens();
    connection.retryNow();
    expect(sockets).toHaveLength(1);

    last().serverDrops();
    connection.retryNow();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_CAP_MS);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('does not connect without a URL (signed out)', () => {
    const { connection, sockets } = setUp(() => null);
    connection.start();
    expect(sockets).toHaveLength(0);
    connection.stop();
  });
});
