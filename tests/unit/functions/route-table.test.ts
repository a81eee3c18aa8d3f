import { describe, expect, it } from 'vitest';
import { API_GROUPS, ROUTES, routeKeyOf } from '../../../functions/routes.js';

describe('the route table', () => {
  it('declares each route once', () => {
    const keys = ROUTES.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every product route under /api/v1, /auth or /t (the public links of campaign messages), or is a provider webhook, /config or the OpenAPI document', () => {
    for (const route of ROUTES) expect(route.path).toMatch(/^(\/api\/v1\/pageBasedAPI\/|\/api\/v1\/webhooks\/|\/auth\/|\/t\/|\/config$|\/api\/v1\/openapi\.json$)/);
  });

  it.each(API_GROUPS)('group %s has a handler module implementing exactly its routes', async (group) => {
    // createApiHandler throws at import when the module and the table disagree.
    const module = (await import(`../../../functions/api/${group}.ts`)) as { handler: unknown };
    expect(typeof module.handler).toBe('function');
  });

  it('refuses a handler set that adds a route its contract does not declare, or misses one', async () => {
    const { createApiHandler } = await import('../../../functions/lib/http.js');
    const { CONTRACTS } = await import('../../../shared/contracts/index.js');
    const extra = { get: async () => ({ stage: 'x', websocketUrl: null, idleTime: 1, lockingEnabled: true, supportEmail: 'x', supportPhone: 'x', stripe: { publishableKey: null, standInUrl: null } }), extra: async () => ({}) };
    expect(() => createApiHandler(CONTRACTS.config, extra)).toThrow(/no contract for handlers \[extra\]/);
    expect(() => createApiHandler(CONTRACTS.user, {} as never)).toThrow(/no handler for user.get/);
  });
});
