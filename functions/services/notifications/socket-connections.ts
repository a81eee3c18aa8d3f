/**
 * The WebSocket connections of signed-in users: recorded at $connect under the user and their
 * session, so functions/services/notifications/realtime.ts can push to them and an ended session's
 * sockets can be closed, and forgotten at $disconnect.
 */
import { deleteConnection, findConnection, listConnections, putConnection } from '../../data/connections.js';
import { closeConnection } from '../../lib/aws/websocket.js';
import { config } from '../../lib/config.js';
import { logger } from '../../lib/logger.js';

/** Records an open connection of a verified user's session. */
export async function openSocketConnection(options: { connectionId: string; userId: string; sid: string; clientId: string; now: Date }): Promise<void> {
  const { now, ...connection } = options;
  await putConnection({ ...connection, connectedAt: now.toISOString() }, now);
}

/** Forgets a closed connection; one never recorded (its $connect was refused) is no error. */
export async function closeSocketConnection(options: { connectionId: string }): Promise<void> {
  const connection = await findConnection(options.connectionId);
  if (connection) await deleteConnection(connection.userId, connection.connectionId);
}

/**
 * Closes the open sockets of a user's ended sessions (`isEnded(sid)`); each one's $disconnect
 * forgets it, and one API Gateway no longer knows is forgotten here. A failed close is logged,
 * never the caller's failure: the session is already refused.
 */
export async function closeSessionSockets(options: { userId: string; isEnded: (sid: string) => boolean; now: Date }): Promise<void> {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  if (!endpoint) return;
  const connections = (await listConnections(options.userId, options.now)).filter((connection) => options.isEnded(connection.sid));
  await Promise.all(
    connections.map(async (connection) => {
      try {
        if ((await closeConnection(endpoint, connection.connectionId)) === 'gone') await deleteConnection(connection.userId, connection.connectionId);
      } catch (error) {
        logger.warn('closing a socket of an ended session failed', { userId: connection.userId, error });
      }
    }),
  );
}
