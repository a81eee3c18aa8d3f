/**
 * The local stand-in for API Gateway's WebSocket API: `$connect`, `$default` and `$disconnect`
 * events to functions/ws/connection.ts, and the `@connections` management API that
 * ApiGatewayManagementApiClient calls to push to, inspect and close connections.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { awsStyleRequestId, readBody, writeJson } from './http-event.js';
import { lambdaContext, loadHandler, type ResolveModule } from './lambda-runtime.js';
import { errorText, type Log } from './log.js';
import { verifySignedRequest, type RequestSigner } from './signed-request.js';

/** The WebSocket event as AWS sends it: `$connect` adds the handshake's headers and query. */
export type WebSocketEvent = Omit<APIGatewayProxyWebsocketEventV2, 'requestContext'> & {
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  multiValueQueryStringParameters?: Record<string, string[]>;
  requestContext: APIGatewayEventWebsocketRequestContextV2 & {
    identity: { sourceIp: string; userAgent?: string };
    disconnectStatusCode?: number;
    disconnectReason?: string;
  };
};

type Connection = { socket: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string; userAgent?: string };

/** API Gateway's WebSocket message limit (PostToConnection answers 413 above it). */
const MAX_MESSAGE_BYTES = 128 * 1024;
const HANDLER_TIMEOUT_MS = 29_000;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export type WebSocketGateway = {
  /** Handles an HTTP upgrade on the WebSocket path. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Answers `{prefix}/@connections/{id}` to a call signed as AWS requires (SigV4, execute-api); false for other paths. */
  manage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
  /** Closes every connection and waits for their `$disconnect` invocations. */
  close(): Promise<void>;
};

export function createWebSocketGateway(options: {
  resolveModule: ResolveModule;
  managementPath: string;
  /** The credentials and region the host gives its handlers: management calls must be signed with them. */
  signer: Omit<RequestSigner, 'service'>;
  log: Log;
}): WebSocketGateway {
  // The subprotocol $connect chose for each handshake (see upgrade).
  const chosenProtocols = new WeakMap<IncomingMessage, string>();
  const server = new WebSocketServer({
    noServer: true,
    handleProtocols: (_offered, request) => chosenProtocols.get(request) ?? false,
  });
  const connections = new Map<string, Connection>();
  const pending = new Set<Promise<unknown>>();

  const invoke = (event: WebSocketEvent): Promise<APIGatewayProxyResultV2 | undefined> => {
    const run = loadHandler<WebSocketEvent, APIGatewayProxyResultV2 | undefined>(options.resolveModule, 'ws', 'connection').then(
      (handler) => handler(event, lambdaContext('ws-connection', HANDLER_TIMEOUT_MS)),
    );
    pending.add(run);
    return run.finally(() => pending.delete(run));
  };

  const eventFor = (
    routeKey: '$connect' | '$default' | '$disconnect',
    connectionId: string,
    connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent'>,
    domainName: string,
  ): WebSocketEvent => {
    const now = new Date();
    const eventType = ({ $connect: 'CONNECT', $default: 'MESSAGE', $disconnect: 'DISCONNECT' } as const)[routeKey];
    return {
      requestContext: {
        routeKey,
        eventType,
        messageId: awsStyleRequestId(),
        extendedRequestId: awsStyleRequestId(),
        requestTime: now.toUTCString(),
        messageDirection: 'IN',
        stage: '$default',
        connectedAt: connection.connectedAt,
        requestTimeEpoch: now.getTime(),
        requestId: awsStyleRequestId(),
        domainName,
        connectionId,
        apiId: 'local',
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      },
      isBase64Encoded: false,
    };
  };

  const upgrade: WebSocketGateway['upgrade'] = (request, socket, head, url) => {
    // Node's HTTP server stops watching an upgraded socket's errors, and ws starts only at
    // handleUpgrade: a browser that drops the connection while $connect runs (a reload) would
    // otherwise throw ECONNRESET out of the process.
    const dropUntilAccepted = (): void => void socket.destroy();
    socket.on('error', dropUntilAccepted);
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const identity = {
      sourceIp: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      userAgent: request.headers['user-agent'],
    };
    const domainName = request.headers.host?.replace(/:\d+$/, '') ?? 'localhost';
    const connectEvent: WebSocketEvent = {
      ...eventFor('$connect', connectionId, { connectedAt, ...identity }, domainName),
      ...handshakeDetails(request, url),
    };

    invoke(connectEvent)
      .then((result) => {
        const { statusCode, protocol } = connectOutcome(result);
        if (statusCode >= 400) return refuse(socket, statusCode);
        if (socket.destroyed) return undefined;
        if (protocol) chosenProtocols.set(request, protocol);
        socket.off('error', dropUntilAccepted);
        server.handleUpgrade(request, socket, head, (ws) => attach(ws, connectionId, { connectedAt, ...identity }, domainName));
        return undefined;
      })
      .catch((error: unknown) => {
        options.log(`ws $connect failed: ${errorText(error)}`);
        refuse(socket, 500);
      });
  };

  /** Tracks an accepted socket: its messages become $default events, its close $disconnect. */
  const attach = (ws: WebSocket, connectionId: string, identity: Omit<Connection, 'socket' | 'lastActiveAt'>, domainName: string): void => {
    const connection: Connection = { ...identity, socket: ws, lastActiveAt: identity.connectedAt };
    connections.set(connectionId, connection);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      connection.lastActiveAt = Date.now();
      const body = rawDataToBuffer(data);
      invoke({
        ...eventFor('$default', connectionId, connection, domainName),
        body: isBinary ? body.toString('base64') : body.toString('utf8'),
        isBase64Encoded: isBinary,
      })
        .then((result) => {
          // A two-way route (a route response on $default, which our CDK stack sets) sends the
          // handler's body back to the client.
          const reply = replyOf(result);
          if (reply !== undefined && ws.readyState === WebSocket.OPEN) ws.send(reply);
        })
        .catch((error: unknown) => options.log(`ws $default failed for ${connectionId}: ${errorText(error)}`));
    });
    ws.on('close', (code: number, reason: Buffer) => {
      connections.delete(connectionId);
      const event = eventFor('$disconnect', connectionId, connection, domainName);
      event.requestContext.disconnectStatusCode = code;
      event.requestContext.disconnectReason = reason.toString();
      invoke(event).catch((error: unknown) => options.log(`ws $disconnect failed for ${connectionId}: ${errorText(error)}`));
    });
  };

  const manage: WebSocketGateway['manage'] = async (request, response, url) => {
    const prefix = `${options.managementPath}/@connections/`;
    if (!url.pathname.startsWith(prefix)) return false;
    // The body is part of the signature, so it is read before anything else is answered.
    const body = await readBody(request, MAX_MESSAGE_BYTES);
    if (body === 'too-large') {
      writeJson(response, 413, { message: 'Message too long' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
      return true;
    }
    const rawUrl = request.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const refusal = await verifySignedRequest(
      {
        method: request.method ?? 'GET',
        path: queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart),
        query: queryStart < 0 ? '' : rawUrl.slice(queryStart + 1),
        headers: request.headers,
        body,
      },
      { ...options.signer, service: 'execute-api' },
    );
    if (refusal) {
      writeJson(response, 403, { message: refusal.message }, { 'x-amzn-errortype': refusal.errorType });
      return true;
    }
    const connectionId = decodeURIComponent(url.pathname.slice(prefix.length));
    const connection = connections.get(connectionId);
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) {
      writeJson(response, 410, { message: `Connection ${connectionId} is gone` }, { 'x-amzn-errortype': 'GoneException' });
      return true;
    }
    if (request.method === 'POST') {
      connection.socket.send(isUtf8(body) ? body.toString('utf8') : body);
      response.writeHead(200).end();
    } else if (request.method === 'GET') {
      writeJson(response, 200, {
        connectedAt: new Date(connection.connectedAt).toISOString(),
        lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      });
    } else if (request.method === 'DELETE') {
      connection.socket.close(1000, 'Closed by the server');
      response.writeHead(204).end();
    } else {
      writeJson(response, 405, { message: `${request.method} is not a management operation` });
    }
    return true;
  };

  return {
    upgrade,
    manage,
    async close() {
      const closed = [...connections.values()].map(
        ({ socket }) =>
          new Promise((resolve) => {
            socket.once('close', resolve);
            socket.close(1001, 'Going away');
          }),
      );
      // A client that ignores the close handshake is cut off rather than waited for (ws: 30 s).
      const grace = setTimeout(() => {
        for (const { socket } of connections.values()) socket.terminate();
      }, 1_000);
      await Promise.all(closed);
      clearTimeout(grace);
      // Each close started a $disconnect; let them finish before the emulators go away.
      await Promise.allSettled([...pending]);
      server.close();
    },
  };
}

/** API Gateway connection ids are 16 base64 characters, e.g. `L0SM9cOFvHcCIhw=`. */
function newConnectionId(): string {
  return randomBytes(11).toString('base64');
}

function handshakeDetails(request: IncomingMessage, url: URL): Partial<WebSocketEvent> {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    // API Gateway keeps the header names of the $connect handshake as the client sent them.
    const [name, value] = [request.rawHeaders[i], request.rawHeaders[i + 1]];
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = {};
  const multiValueQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    (multiValueQuery[name] ??= []).push(value);
  }
  return {
    headers,
    multiValueHeaders,
    ...(url.searchParams.size > 0 ? { queryStringParameters: query, multiValueQueryStringParameters: multiValueQuery } : {}),
  };
}

function refuse(socket: Duplex, statusCode: number): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ message: STATUS_CODES[statusCode] ?? 'Refused' });
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Whether $connect accepted, and the subprotocol it chose: browsers drop a connection whose
 * requested subprotocol is not echoed, and AWS echoes only what $connect returns.
 */
function connectOutcome(result: APIGatewayProxyResultV2 | undefined): { statusCode: number; protocol?: string } {
  if (typeof result !== 'object' || result === null) return { statusCode: 200 };
  const protocolHeader = Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === 'sec-websocket-protocol');
  return { statusCode: result.statusCode ?? 200, protocol: protocolHeader ? String(protocolHeader[1]) : undefined };
}

function replyOf(result: APIGatewayProxyResultV2 | undefined): string | Buffer | undefined {
  if (typeof result === 'string') return result;
  if (typeof result !== 'object' || result === null || !('body' in result) || result.body === undefined) return undefined;
  return result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
}

function rawDataToBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function isUtf8(data: Buffer): boolean {
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}
