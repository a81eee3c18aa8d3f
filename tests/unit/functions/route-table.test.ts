import { describe, expect, it } from 'vitest';
import { API_GROUPS, ROUTES, routeKeyOf } from '../../../functions/routes.js';

describe('the route table', () => {
  it('declares each route once', () => {
    const keys = ROUTES.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every product route under /api/v1, /auth or /t (the public links of campaign messages), or is /config', () => {
    for (const route of ROUTES) expect(route.path).toMatch(/^(\/api\/v1\/pageBasedAPI\/|\/auth\/|\/t\/|\/config$)/);
  });

  it.each(API_GROUPS)('group %s has a handler module implementing exactly its routes', async (group) => {
    // createApiHandler throws at import when the module and the table disagree.
    const module = (await import(`../../../functions/api/${group}.ts`)) as { handler: unknown };
    expect(typeof module.handler).toBe('function');
  });

  it('refuses a module that implements a route the table does not declare', async () => {
    const { createApiHandler } = await import('../../../functions/lib/http.js');
    expect(() => createApiHandler('config', { 'GET /config': async () => ({}), 'GET /config/extra': async () => ({}) })).toThrow(/route table declares/);
  });
});
