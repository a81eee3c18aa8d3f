/**
 * Every route answers bad input with a 4xx in the spec's error shape and never a 500: no token,
 * a forged token, malformed JSON, wrong types, oversize fields, unknown routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { signToken } from '../../../functions/lib/jwt.js';
import { ROUTES, type RouteDefinition } from '../../../functions/routes.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';

let api: ApiClient;
let token: string;
/** Support staff's token: admin routes check the body only for those allowed to call them. */
let supportToken: string;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  const signUp = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname: 'Bad Input', email: 'bad-input@example.com', password: 'Bad-Input-2026' },
  });
  token = signUp.body.token;
  supportToken = await signToken(ZTokenClaims.parse({ ...decodeJwt(token), admin: true }));
});
afterAll(() => api.close());

const ERROR_SHAPE = { statusCode: expect.any(String), message: expect.any(String) };
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
const tokenFor = (route: Pick<RouteDefinition, 'access'>) => (route.access.kind === 'admin' ? supportToken : token);
const bodyRoutes = ROUTES.filter((route) => route.method !== 'GET' && route.method !== 'DELETE');
// Logout ends the session the other checks use; it is covered in sessions.test.ts.
const signedInRoutes = ROUTES.filter((route) => route.access.kind !== 'public' && route.path !== '/auth/logout');

describe('bad input on every route', () => {
  it.each(signedInRoutes.map((r) => [r.method, r.path] as const))('%s %s without a token answers 401', async (method, path) => {
    // Act
    const answer = await api.request(method, concretePath(path));
    // Assess
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ ...ERROR_SHAPE, statusCode: ERROR_CODES.UNAUTHENTICATED });
  });

  it.each(bodyRoutes.map((r) => [r.method, r.path, r] as const))('%s %s with malformed JSON answers 400', async (method, path, route) => {
    // Act
    const answer = await api.request(method, concretePath(path), { token: tokenFor(route), rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ...ERROR_SHAPE, statusCode: ERROR_CODES.MALFORMED_REQUEST });
  });

  // Routes without a body (unopen-count, readAll) ignore whatever is sent; so does the one-click
  // unsubscribe (RFC 8058), whose signed token alone decides (tests/integration/campaign-tracking).
  it.each(bodyRoutes.filter((r) => !/(unopen-count|readAll)$/.test(r.path) && !r.path.startsWith('/t/')).map((r) => [r.method, r.path, r] as const))(
    '%s %s with wrong types answers 400 VALIDATE_INVALID_INPUT',
    async (method, path, route) => {
      // Act
      const answer = await api.request(method, concretePath(path), {
        token: tokenFor(route),
        body: { email: 42, password: [], fullname: { a: 1 }, code: true, isoCode: 7, newPassword: 1, forceChangePassword: 'yes' },
      });
      // Assess
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ...ERROR_SHAPE, statusCode: ERROR_CODES.INVALID_INPUT });
    },
  );

  const paramRoutes = signedInRoutes.filter((route) => route.path.includes('{'));
  it.each(paramRoutes.map((r) => [r.method, r.path, r] as const))('%s %s with an oversize or odd path id answers 4xx, never 500', async (method, path, route) => {
    // Act
    const answers = await Promise.all(
      ['z'.repeat(2000), '%00%E2%80%8B..%2F'].map((id) => api.request(method, path.replace(/\{[^}]+\}/g, id), { token: tokenFor(route), body: method === 'GET' || method === 'DELETE' ? undefined : {} })),
    );
    // Assess
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(answer.body).toEqual(expect.objectContaining(ERROR_SHAPE));
    }
  });

  it('refuses an oversize field and writes nothing', async () => {
    // Act
    const answer = await api.request('POST', '/auth/signup', {
      body: { fullname: 'x'.repeat(5000), email: 'oversize@example.com', password: 'Oversize-2026-ok' },
    });
    const login = await api.request('POST', '/auth/login', { body: { email: 'oversize@example.com', password: 'Oversize-2026-ok' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(String(answer.body.message)).toContain('fullname');
    expect(login.body.statusCode).toBe(ERROR_CODES.INCORRECT_PASSWORD);
  });

  it('refuses a body over 1 MiB before parsing it', async () => {
    // Act
    const answer = await api.request('POST', '/auth/login', { rawBody: `{"email":"${'a'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.MALFORMED_REQUEST);
  });

  it('refuses a paging query out of range', async () => {
    // Act
    const answer = await api.request('GET', '/api/v1/pageBasedAPI/notification/pop-up?page=0&limit=1000', { token });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
  });
});
