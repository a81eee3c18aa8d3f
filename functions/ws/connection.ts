/**
 * The WebSocket API's routes. $connect verifies the session token passed in the query
 * (`?token=&clientId=`; browsers cannot set headers on a WebSocket) and records the connection
 * under the signed-in user and session; $disconnect forgets it; $default answers pings.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { isSessionOpen } from '../lib/authenticate.js';
import { withCorrelationIds } from '../lib/logger.js';
import { verifyToken } from '../lib/jwt.js';
import { closeSocketConnection, openSocketConnection } from '../services/notifications/socket-connections.js';

type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

async function connect(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'missing token' };
  const { connectionId } = event.requestContext;
  try {
    const claims = await verifyToken(token);
    const now = new Date();
    await openSocketConnection({ connectionId, userId: claims.loginTuid, sid: claims.sid, clientId: (event.queryStringParameters?.clientId ?? '').slice(0, 100), now });
    // Read after the record is written: a session ended since is refused here, or else its end finds this connection to close.
    if (!(await isSessionOpen({ claims, now, fresh: true }))) {
      await closeSocketConnection({ connectionId });
      return { statusCode: 401, body: 'session ended' };
    }
    return { statusCode: 200 };
  } catch {
    return { statusCode: 401, body: 'invalid token' };
  }
}

async function route(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  switch (event.requestContext.routeKey) {
    case '$connect':
      return connect(event);
    case '$disconnect':
      await closeSocketConnection({ connectionId: event.requestContext.connectionId });
      return { statusCode: 200 };
    default:
      return { statusCode: 200, body: JSON.stringify({ event: 'pong' }) };
  }
}

export async function handler(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const { requestId, connectionId } = event.requestContext;
  return withCorrelationIds({ correlation_id: requestId, connection_id: connectionId }, () => route(event));
}
