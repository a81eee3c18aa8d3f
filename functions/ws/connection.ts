/**
 * The WebSocket API's routes. $connect verifies the session token passed in the query
 * (`?token=&clientId=`; browsers cannot set headers on a WebSocket) and records the connection
 * under the signed-in user; $disconnect forgets it; $default answers pings.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { deleteConnection, findConnection, putConnection } from '../data/connections.js';
import { verifyToken } from '../lib/jwt.js';

type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

async function connect(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'missing token' };
  try {
    const claims = await verifyToken(token);
    await putConnection(
      {
        connectionId: event.requestContext.connectionId,
        userId: claims.loginTuid,
        clientId: (event.queryStringParameters?.clientId ?? '').slice(0, 100),
        connectedAt: new Date().toISOString(),
      },
      new Date(),
    );
    return { statusCode: 200 };
  } catch {
    return { statusCode: 401, body: 'invalid token' };
  }
}

export async function handler(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  switch (event.requestContext.routeKey) {
    case '$connect':
      return connect(event);
    case '$disconnect': {
      const connection = await findConnection(event.requestContext.connectionId);
      if (connection) await deleteConnection(connection.userId, connection.connectionId);
      return { statusCode: 200 };
    }
    default:
      return { statusCode: 200, body: JSON.stringify({ event: 'pong' }) };
  }
}
