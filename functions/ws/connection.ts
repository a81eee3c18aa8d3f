/**
 * The WebSocket API's routes. $connect verifies the session token passed in the query
 * (`?token=&clientId=`; browsers cannot set headers on a WebSocket) and records the connection
 * under the signed-in user; $disconnect forgets it; $default answers pings.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { withCorrelationIds } from '../lib/logger.js';
import { verifyToken } from '../lib/jwt.js';
import { closeSocketConnection, openSocketConnection } from '../services/notifications/socket-connections.js';

type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

async function connect(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'missing token' };
  try {
    const claims = await verifyToken(token);
    await openSocketConnection({
      connectionId: event.requestContext.connectionId,
      userId: claims.loginTuid,
      clientId: (event.queryStringParameters?.clientId ?? '').slice(0, 100),
      now: new Date(),
    });
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
