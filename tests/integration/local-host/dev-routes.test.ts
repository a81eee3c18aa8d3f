/**
 * The dev pages and actions (/dev/*: every user's mail with its codes, sample notifications, SMS
 * replies for any number) exist only on a host this machine alone reaches, unless DEV_ROUTES says
 * otherwise; the WebSocket management API answers only this machine's callers.
 */
import { ApiGatewayManagementApiClient, GetConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import { servesDevRoutes } from '../../../infra/local/host.js';
import { isLoopbackAddress } from '../../../infra/local/ports.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';

describe('when the dev routes are served', () => {
  it('serves them on a loopback host, never on every interface unless DEV_ROUTES=1, and DEV_ROUTES=0 turns them off', () => {
    // Act
    const decisions = {
      ipv4Loopback: servesDevRoutes('127.0.0.1', undefined),
      ipv6Loopback: servesDevRoutes('::1', undefined),
      localhost: servesDevRoutes('localhost', undefined),
      everyInterface: servesDevRoutes('0.0.0.0', undefined),
      everyIpv6Interface: servesDevRoutes('::', undefined),
      lanAddress: servesDevRoutes('192.168.1.20', undefined),
      flagOn: servesDevRoutes('0.0.0.0', '1'),
      flagOff: servesDevRoutes('127.0.0.1', '0'),
      flagOther: servesDevRoutes('0.0.0.0', 'yes'),
    };

    // Assess
    expect(decisions).toEqual({
      ipv4Loopback: true,
      ipv6Loopback: true,
      localhost: true,
      everyInterface: false,
      everyIpv6Interface: false,
      lanAddress: false,
      flagOn: true,
      flagOff: false,
      flagOther: false,
    });
  });

  it('takes only loopback peers as this machine', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.5', '::ffff:10.0.0.5', '0.0.0.0', '::', '1127.0.0.1', undefined].some(isLoopbackAddress)).toBe(false);
  });
});

describe('a host that does not serve the dev routes', () => {
  let host: TestHost;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    host = await startTestHost({ resolveModule: resolveFixtureModule, routes: [], queues: [], webDist, devRoutes: false, log: () => {} });
  });
  afterAll(async () => {
    await host?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers 404 in the spec’s shape on every dev page and action', async () => {
    // Act
    const answers = await Promise.all([
      fetch(`${host.url}/dev/mailbox`),
      fetch(`${host.url}/dev/sms`),
      fetch(`${host.url}/dev/api/mail?to=demo%40example.com`),
      fetch(`${host.url}/dev/api/sms?to=%2B85291234567`),
      fetch(`${host.url}/dev/api/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', type: 'creditReady', messageType: 'sms', severity: 0, values: {} }) }),
      fetch(`${host.url}/dev/api/progress`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', payload: {} }) }),
      fetch(`${host.url}/dev/api/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: '+85291234567', to: 'SHOP', body: 'STOP' }) }),
    ]);

    // Assess
    expect(host.devRoutes).toBe(false);
    for (const answer of answers) {
      expect(answer.status, answer.url).toBe(404);
      expect(await answer.json()).toMatchObject({ statusCode: ERROR_CODES.ROUTE_NOT_FOUND });
    }
  });

  it('still serves the WebSocket management API to this machine’s handlers', async () => {
    // Prepare: the handlers' own client and credentials.
    const management = new ApiGatewayManagementApiClient({
      endpoint: host.env.WEBSOCKET_MANAGEMENT_URL,
      region: host.env.AWS_REGION,
      credentials: { accessKeyId: host.env.AWS_ACCESS_KEY_ID, secretAccessKey: host.env.AWS_SECRET_ACCESS_KEY },
    });

    // Act: an unknown connection, as API Gateway answers it.
    const answer = management.send(new GetConnectionCommand({ ConnectionId: 'unknown' }));

    // Assess
    await expect(answer).rejects.toBeInstanceOf(GoneException);
    management.destroy();
  });
});
