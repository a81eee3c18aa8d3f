/**
 * The WebSocket connections of signed-in users: recorded at $connect under the user, so
 * functions/services/notifications/realtime.ts can push to them, and forgotten at $disconnect.
 */
import { deleteConnection, findConnection, putConnection } from '../../data/connections.js';

/** Records an open connection of a verified user. */
export async function openSocketConnection(options: { connectionId: string; userId: string; clientId: string; now: Date }): Promise<void> {
  const { now, ...connection } = options;
  await putConnection({ ...connection, connectedAt: now.toISOString() }, now);
}

/** Forgets a closed connection; one never recorded (its $connect was refused) is no error. */
export async function closeSocketConnection(options: { connectionId: string }): Promise<void> {
  const connection = await findConnection(options.connectionId);
  if (connection) await deleteConnection(connection.userId, connection.connectionId);
}
