import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { createApiHandler } from '../../../functions/lib/http.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../../functions/lib/viewer-address.js';
import { PUBLIC, defineGroup, route } from '../../../shared/contracts/route.js';
import { requiredConfigEnv } from '../../helpers/config-env.js';

/** The config group's one route, with an answer of the test's own. */
const configContract = defineGroup('config', { get: route({ method: 'GET', path: '/config', access: PUBLIC, answer: z.object({ ok: z.boolean() }) }) });

function event(routeKey: string, body?: string, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
  } as unknown as APIGatewayProxyEventV2;
}

const context = {} as Context;

/** The variables the configuration cannot do without. */
const REQUIRED_CONFIG = requiredConfigEnv({ TABLE_NAME: 'unit' });

describe('the API handler shape', () => {
  it('answers an unexpected failure with OTH-X-001 and keeps the details in the log', async () => {
    // Prepare
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createApiHandler(configContract, {
      get: async () => {
        throw new Error('connection string secret://abc');
      },
    });
    // Act
    const answer = await handler(event('GET /config'), context);
    // Assess
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(String(answer.body))).toEqual({ statusCode: 'OTH-X-001', message: 'Sorry, an error occurred while processing your request.' });
    expect(String(answer.body)).not.toContain('secret');
    expect(String(log.mock.calls[0]?.[0])).toContain('secret://abc');
    log.mockRestore();
  });

  it('answers a route key the group does not serve with OTH-X-404', async () => {
    // Prepare
    const handler = createApiHandler(configContract, { get: async () => ({ ok: true }) });
    // Act
    const answer = await handler(event('GET /auth/login'), context);
    // Assess
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(String(answer.body)).statusCode).toBe('OTH-X-404');
  });

  it('never caches API answers', async () => {
    // Prepare
    const handler = createApiHandler(configContract, { get: async () => ({ ok: true }) });
    // Act
    const answer = await handler(event('GET /config'), context);
    // Assess
    expect(answer.headers?.['cache-control']).toBe('no-store');
    expect(JSON.parse(String(answer.body))).toEqual({ ok: true });
  });
});

describe("the caller's address", () => {
  const addressContract = defineGroup('config', { get: route({ method: 'GET', path: '/config', access: PUBLIC, answer: z.object({ ip: z.string() }) }) });
  const secret = 'v'.repeat(40);

  it('is the viewer CloudFront vouches for with the origin secret, and API Gateway\'s source for a forged header', async () => {
    // Prepare: behind CloudFront API Gateway's source (127.0.0.1 here) is the edge's address.
    Object.assign(process.env, { ...REQUIRED_CONFIG, ORIGIN_VERIFY_SECRET: secret });
    resetConfigForTests();
    const handler = createApiHandler(addressContract, { get: async ({ http }) => ({ ip: http.sourceIp }) });
    const ipOf = async (headers: Record<string, string>) => JSON.parse(String((await handler(event('GET /config', undefined, headers), context)).body)).ip;

    // Act / Assess
    expect(await ipOf({ [ORIGIN_VERIFY_HEADER]: secret, [VIEWER_ADDRESS_HEADER]: '2001:db8::7' })).toBe('2001:db8::7');
    expect(await ipOf({ [VIEWER_ADDRESS_HEADER]: '198.51.100.9' })).toBe('127.0.0.1');
    expect(await ipOf({ [ORIGIN_VERIFY_HEADER]: 'w'.repeat(40), [VIEWER_ADDRESS_HEADER]: '198.51.100.9' })).toBe('127.0.0.1');
    delete process.env.ORIGIN_VERIFY_SECRET;
    resetConfigForTests();
  });
});

describe('token lifetimes', () => {
  it('gives provider support a working day, since their tokens are never refreshed (spec §6)', async () => {
    // Prepare
    Object.assign(process.env, { ...REQUIRED_CONFIG, JWT_SECRET: 'x'.repeat(40) });
    const { signToken, verifyToken } = await import('../../../functions/lib/jwt.js');
    const { ROLE_PERMISSIONS } = await import('../../../shared/domain/permissions.js');
    const claims = {
      tuid: 't', loginTuid: 't', admin: false, teamId: null, teamAdmin: false, connectionRole: null, permissions: ROLE_PERMISSIONS.owner,
      free: false, unverified: false, hideShoppingCart: false, forcePasswordChange: false, sid: 's',
    };
    // Act
    const user = await verifyToken(await signToken(claims));
    const support = await verifyToken(await signToken({ ...claims, admin: true }));
    // Assess
    expect(user.exp - user.iat).toBe(15 * 60);
    expect(support.exp - support.iat).toBe(8 * 60 * 60);
  });
});
