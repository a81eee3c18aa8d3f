/**
 * The one way to push a socket event (spec §7 "Real-time socket"): to every open connection of
 * one user (`publish`), or of every user (`broadcast`). Connections API Gateway reports gone are
 * dropped, and a failed push never fails the caller's work.
 */
import type { TSocketEvent } from '../../../shared/schemas/realtime.js';
import { deleteConnection, forEachConnectionPage, listConnections, type ConnectionRecord } from '../../data/connections.js';
import { postToConnection } from '../../lib/aws/websocket.js';
import { createLimiter } from '../../lib/concurrency.js';
import { config } from '../../lib/config.js';
import { logger } from '../../lib/logger.js';

/** Omit over each member of a union (plain Omit would merge the members). */
type WithoutUserId<E> = E extends unknown ? Omit<E, 'userId'> : never;

/** An event as producers give it; the addressed user's id is added per connection. */
export type SocketEvent = WithoutUserId<TSocketEvent>;

export type DeliveryCounts = { delivered: number; removed: number };

/** Pushes in flight at once during a broadcast. */
const BROADCAST_CONCURRENCY = 64;

/** Sends to each connection, forgetting the ones that are gone; counts what happened. */
async function deliver(
  endpoint: string,
  connections: readonly ConnectionRecord[],
  socketEvent: SocketEvent,
  counts: DeliveryCounts,
  limit: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<void> {
  const encoder = new TextEncoder();
  // One message per addressed user (a user's tabs all get the same bytes).
  const payloads = new Map<string, Uint8Array>();
  const payloadFor = (userId: string): Uint8Array => {
    const payload = payloads.get(userId) ?? encoder.encode(JSON.stringify({ ...socketEvent, userId }));
    payloads.set(userId, payload);
    return payload;
  };
  await Promise.all(
    connections.map((connection) =>
      limit(async () => {
        try {
          if ((await postToConnection(endpoint, connection.connectionId, payloadFor(connection.userId))) === 'sent') {
            counts.delivered += 1;
          } else {
            await deleteConnection(connection.userId, connection.connectionId);
            counts.removed += 1;
          }
        } catch (error) {
          logger.warn('socket push failed', { userId: connection.userId, event: socketEvent.event, error });
        }
      }),
    ),
  );
}

/** Pushes an event to every open tab of one user (addressed by login user id). */
export async function publish(userId: string, socketEvent: SocketEvent): Promise<DeliveryCounts> {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  const counts: DeliveryCounts = { delivered: 0, removed: 0 };
  if (!endpoint) return counts;
  try {
    await deliver(endpoint, await listConnections(userId, new Date()), socketEvent, counts);
  } catch (error) {
    logger.warn('socket fan-out failed', { userId, event: socketEvent.event, error });
  }
  return counts;
}

/** Pushes an event to every open connection of every user (announcements), a page at a time. */
export async function broadcast(socketEvent: SocketEvent): Promise<DeliveryCounts> {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  const counts: DeliveryCounts = { delivered: 0, removed: 0 };
  if (!endpoint) return counts;
  const limit = createLimiter(BROADCAST_CONCURRENCY);
  try {
    await forEachConnectionPage(new Date(), (connections) => deliver(endpoint, connections, socketEvent, counts, limit));
  } catch (error) {
    logger.warn('socket broadcast failed', { event: socketEvent.event, error });
  }
  return counts;
}
