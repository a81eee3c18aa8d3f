/**
 * The local host sends the web app's security headers (infra/security-headers.ts, the policy
 * CloudFront sends in AWS) with the app and the API answers; an answer's own header wins.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../../functions/routes.js';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../../infra/security-headers.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';

const ROUTES: RouteDefinition[] = [{ method: 'GET', path: '/api/items/{id}', group: 'config', access: { kind: 'public' }, clientTimeoutMs: 5_000 }];

let host: TestHost;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  host = await startTestHost({ resolveModule: resolveFixtureModule, routes: ROUTES, queues: [], webDist, log: () => {} });
});
afterAll(async () => {
  await host?.stop();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers on the local host', () => {
  it('sends the shared policy with the app’s pages and files', async () => {
    // Prepare
    const standIn = host.env.STRIPE_API_URL;
    const expectedPolicy = contentSecurityPolicy({ websocket: [`ws://localhost:${host.port}`], storage: [host.url], payments: { script: [], frame: [standIn], connect: [standIn] } });

    // Act
    const answers = await Promise.all([fetch(`${host.url}/`), fetch(`${host.url}/contacts/list`), fetch(`${host.url}/missing.js`)]);

    // Assess
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy'), answer.url).toBe(expectedPolicy);
      expect(answer.headers.get('x-frame-options')).toBe(SECURITY_HEADERS.frameOptions);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe(SECURITY_HEADERS.referrerPolicy);
      // Plain HTTP: browsers ignore HSTS here, so it is not sent.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    expect(expectedPolicy).toContain("frame-ancestors 'none'");
    expect(expectedPolicy).toContain(`connect-src 'self' ws://localhost:${host.port}`);
  });

  it('sends them with API answers and errors, and keeps a handler’s own policy', async () => {
    // Act
    const json = await fetch(`${host.url}/api/items/1`);
    const unknownRoute = await fetch(`${host.url}/api/nothing-here`);
    const ownPolicy = await fetch(`${host.url}/api/items/1?answer=own-policy`);

    // Assess
    for (const answer of [json, unknownRoute]) {
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(unknownRoute.status).toBe(404);
    expect(ownPolicy.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(ownPolicy.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
