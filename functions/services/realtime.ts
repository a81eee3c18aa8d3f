/**
 * The one way to push a socket event to a user (spec §7 "Real-time socket"): fan out to every
 * open connection of the user, drop connections API Gateway reports gone, and never fail the
 * caller's work because a push failed.
 */
import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { deleteConnection, listConnections } from '../data/connections.js';
import { managementClient } from '../lib/aws/websocket.js';
import { config } from '../lib/config.js';

export type SocketEvent = { event: string; data?: unknown };

export async function publish(userId: string, socketEvent: SocketEvent): Promise<{ delivered: number; removed: number }> {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  if (!endpoint) return { delivered: 0, removed: 0 };
  const counts = { delivered: 0, removed: 0 };
  try {
    const connections = await listConnections(userId, new Date());
    const payload = new TextEncoder().encode(JSON.stringify({ ...socketEvent, userId }));
    await Promise.all(
      connections.map(async (connection) => {
        try {
          await managementClient(endpoint).send(new PostToConnectionCommand({ ConnectionId: connection.connectionId, Data: payload }));
          counts.delivered += 1;
        } catch (error) {
          if ((error as { name?: string }).name === 'GoneException') {
            await deleteConnection(userId, connection.connectionId);
            counts.removed += 1;
          } else {
            console.warn(JSON.stringify({ level: 'warn', msg: 'socket push failed', userId, error: String(error) }));
          }
        }
      }),
    );
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'socket fan-out failed', userId, error: String(error) }));
  }
  return counts;
}
