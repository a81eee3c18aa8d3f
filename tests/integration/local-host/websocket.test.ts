import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from 'node:net';
import WebSocket from 'ws';
import type { WebSocketEvent } from '../../../infra/local/websocket-gateway.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';
import { recordedOf } from './fixtures/recorder.js';

let host: TestHost;
let management: ApiGatewayManagementApiClient;

/** The client the product's realtime service uses, aimed where the host tells handlers to aim it; one attempt, so a refusal is not retried. */
function managementClient(options: { secretAccessKey?: string; systemClockOffset?: number } = {}): ApiGatewayManagementApiClient {
  return new ApiGatewayManagementApiClient({
    endpoint: host.env.WEBSOCKET_MANAGEMENT_URL,
    region: host.env.AWS_REGION,
    credentials: { accessKeyId: host.env.AWS_ACCESS_KEY_ID, secretAccessKey: options.secretAccessKey ?? host.env.AWS_SECRET_ACCESS_KEY },
    systemClockOffset: options.systemClockOffset,
    maxAttempts: 1,
  });
}

beforeAll(async () => {
  host = await startTestHost({ resolveModule: resolveFixtureModule, queues: [], log: () => {} });
  management = managementClient();
});

afterAll(async () => {
  management?.destroy();
  await host?.stop();
});

function openSocket(query: string, protocols?: string[]): Promise<WebSocket> {
  const socket = new WebSocket(`${host.env.WEBSOCKET_URL}${query}`, protocols);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The connection id the gateway gave the socket whose $connect carried this query value. */
function connectionIdFor(marker: string): string {
  const connectEvent = recordedOf<WebSocketEvent>('$connect').find((event) => event.queryStringParameters?.marker === marker);
  if (!connectEvent) throw new Error(`no $connect for ${marker}`);
  return connectEvent.requestContext.connectionId;
}

describe('WebSocket gateway', () => {
  it('sends $connect with the handshake, then each message as $default, and returns its answer', async () => {
    // Prepare
    const socket = await openSocket('?marker=one&token=abc', ['realtime']);
    const connectionId = connectionIdFor('one');
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));

    // Act
    socket.send(JSON.stringify({ action: 'acknowledge', id: 7 }));

    // Assess
    const connectEvent = recordedOf<WebSocketEvent>('$connect').find((event) => event.requestContext.connectionId === connectionId);
    expect(connectEvent).toMatchObject({
      queryStringParameters: { marker: 'one', token: 'abc' },
      requestContext: { routeKey: '$connect', eventType: 'CONNECT', stage: '$default', domainName: 'localhost' },
    });
    expect(connectEvent?.headers?.['Sec-WebSocket-Protocol']).toBe('realtime');
    expect(socket.protocol).toBe('realtime');
    expect(connectionId).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    await vi.waitFor(() => {
      const message = recordedOf<WebSocketEvent>('$default').find((event) => event.requestContext.connectionId === connectionId);
      expect(message).toMatchObject({ body: '{"action":"acknowledge","id":7}', isBase64Encoded: false, requestContext: { eventType: 'MESSAGE' } });
    });
    expect(JSON.parse(await reply)).toEqual({ echo: '{"action":"acknowledge","id":7}' });
    socket.close();
  });

  it('refuses the upgrade when $connect answers 401', async () => {
    // Act
    const refused = openSocket('?deny=1');

    // Assess
    await expect(refused).rejects.toThrow('Unexpected server response: 401');
  });

  it('survives a client that resets the connection while $connect runs, as a reloading browser does', async () => {
    // Prepare
    const uncaught: unknown[] = [];
    const recordUncaught = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', recordUncaught);
    const slowConnects = (kind: string) => recordedOf<WebSocketEvent>(kind).filter((event) => event.queryStringParameters?.slow === '1').length;
    const slowBefore = slowConnects('$connect');
    const { port } = new URL(host.env.WEBSOCKET_URL);
    const raw = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));

    try {
      // Act
      raw.write(
        `GET ${new URL(host.env.WEBSOCKET_URL).pathname}?slow=1 HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n` +
          'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      await vi.waitFor(() => expect(slowConnects('$connect')).toBe(slowBefore + 1));
      raw.resetAndDestroy();
      await vi.waitFor(() => expect(slowConnects('$connect returned')).toBe(slowBefore + 1));
      // The gateway answers the reset socket after $connect returns; a whole new connection comes later still.
      const socket = await openSocket('?marker=after-reset');

      // Assess
      expect(uncaught).toEqual([]);
      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    } finally {
      process.off('uncaughtException', recordUncaught);
    }
  });

  it('serves the management API to the real ApiGatewayManagementApiClient, GoneException included', async () => {
    // Prepare
    const socket = await openSocket('?marker=two');
    const connectionId = connectionIdFor('two');
    const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // Act
    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"event":"notification"}') }));
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    const closeCode = await closed;
    const afterClose = management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('late') }));

    // Assess
    expect(await received).toBe('{"event":"notification"}');
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity).toMatchObject({ SourceIp: '127.0.0.1' });
    expect(closeCode).toBe(1000);
    await expect(afterClose).rejects.toBeInstanceOf(GoneException);
    await vi.waitFor(() => {
      const disconnect = recordedOf<WebSocketEvent>('$disconnect').find((event) => event.requestContext.connectionId === connectionId);
      expect(disconnect?.requestContext).toMatchObject({ eventType: 'DISCONNECT', disconnectStatusCode: 1000 });
    });
  });

  it('refuses management calls that are unsigned, signed with another key, altered after signing, or signed 20 minutes ago, as API Gateway does', async () => {
    // Prepare
    const socket = await openSocket('?marker=three');
    const connectionId = connectionIdFor('three');
    const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    const post = (data: string) => new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(data) });
    // The body is changed on the wire, after the signature was made (the deserialize step runs after signing).
    const tampering = managementClient();
    tampering.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        if (request.body instanceof Uint8Array) request.body = Buffer.from(Buffer.from(request.body).toString().replace('ask', 'bad'));
        return next(args);
      },
      { step: 'deserialize' },
    );
    const clients = [managementClient({ secretAccessKey: 'not-the-key' }), tampering, managementClient({ systemClockOffset: -20 * 60 * 1000 })];

    // Act
    const unsigned = await fetch(`${host.env.WEBSOCKET_MANAGEMENT_URL}/@connections/${encodeURIComponent(connectionId)}`, { method: 'POST', body: 'unsigned' });
    const refusals = await Promise.all(clients.map((client) => client.send(post('ask')).then(() => null, (error: { name: string; $metadata: { httpStatusCode?: number }; message: string }) => error)));
    await management.send(post('signed'));

    // Assess
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(refusals.map((error) => [error?.name, error?.$metadata.httpStatusCode])).toEqual([
      ['InvalidSignatureException', 403],
      ['InvalidSignatureException', 403],
      ['InvalidSignatureException', 403],
    ]);
    expect(refusals[2]?.message).toMatch(/^Signature expired/);
    expect(await received).toBe('signed');
    for (const client of clients) client.destroy();
    socket.close();
  });
});
