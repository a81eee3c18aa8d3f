/**
 * publish() through the whole local host: real sockets connect to the WebSocket gateway with a
 * session token, and the real management client pushes to every connection of the addressed user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { listConnections } from '../../../functions/data/connections.js';
import { publish } from '../../../functions/services/notifications/realtime.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ seedDemo: false });
});
afterAll(() => host.stop());

async function signUp(email: string): Promise<{ token: string; userId: string }> {
  const answer = await fetch(`${host.url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Socket User', email, password: 'Socket-Test-2026' }),
  });
  const { token } = (await answer.json()) as { token: string };
  return { token, userId: String(decodeJwt(token).loginTuid) };
}

type Client = { socket: WebSocket; received: unknown[] };

function connect(token: string, clientId: string): Promise<Client> {
  const socket = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}&clientId=${clientId}`);
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, received }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('publish', () => {
  it('reaches every tab of the addressed user and no other user', async () => {
    // Prepare
    const alice = await signUp('alice@example.com');
    const bob = await signUp('bob@example.com');
    const [tab1, tab2, bobsTab] = await Promise.all([connect(alice.token, 'tab-1'), connect(alice.token, 'tab-2'), connect(bob.token, 'tab-3')]);
    // Act
    const counts = await publish(alice.userId, { event: 'updateShoppingCart', data: { count: 3 } });
    await until(() => tab1.received.length === 1 && tab2.received.length === 1);
    // Assess
    expect(counts).toEqual({ delivered: 2, removed: 0 });
    expect(tab1.received[0]).toEqual({ event: 'updateShoppingCart', data: { count: 3 }, userId: alice.userId });
    expect(tab2.received[0]).toEqual(tab1.received[0]);
    // A socket receives in order: had Alice's event reached Bob, it would come before this one.
    await publish(bob.userId, { event: 'updateShoppingCart', data: { count: 0 } });
    await until(() => bobsTab.received.length > 0);
    expect(bobsTab.received).toEqual([{ event: 'updateShoppingCart', data: { count: 0 }, userId: bob.userId }]);
    for (const client of [tab1, tab2, bobsTab]) client.socket.close();
  });

  it('refuses a socket without a valid token', async () => {
    // Act & Assess
    await expect(connect('not-a-token', 'x')).rejects.toThrow(/refused: 401/);
  });

  it('forgets a connection on disconnect, and drops one the gateway reports gone', async () => {
    // Prepare
    const carol = await signUp('carol@example.com');
    const closing = await connect(carol.token, 'closing');
    const staying = await connect(carol.token, 'staying');
    expect(await listConnections(carol.userId, new Date())).toHaveLength(2);
    // Act: one tab closes cleanly ($disconnect)…
    closing.socket.close();
    await until(() => staying.socket.readyState === WebSocket.OPEN);
    let afterClose = await listConnections(carol.userId, new Date());
    // $disconnect is handled after the socket closes: read until it has been, for 3 s at most.
    for (const deadline = Date.now() + 3000; afterClose.length > 1 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      afterClose = await listConnections(carol.userId, new Date());
    }
    // …and one vanishes without $disconnect (its record is left behind).
    staying.socket.terminate();
    const { putConnection } = await import('../../../functions/data/connections.js');
    await putConnection({ connectionId: 'gone-connection', userId: carol.userId, sid: 'ghost-session', clientId: 'ghost', connectedAt: new Date().toISOString() }, new Date());
    const counts = await publish(carol.userId, { event: 'notification', data: { id: 'n1' } });
    // Assess
    expect(afterClose).toHaveLength(1);
    expect(counts.delivered).toBe(0);
    expect(counts.removed).toBeGreaterThanOrEqual(1);
    expect((await listConnections(carol.userId, new Date())).map((c) => c.connectionId)).not.toContain('gone-connection');
  });
});
