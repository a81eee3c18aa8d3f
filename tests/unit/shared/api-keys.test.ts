import { describe, expect, it } from 'vitest';
import { ROUTE_CONTRACTS } from '../../../shared/contracts/index.js';
import { formatApiKey, isApiKey, isReachableWithApiKey, parseApiKey } from '../../../shared/domain/api-keys.js';

describe('API keys', () => {
  it('reads back the parts a key was made of, and refuses what is not shaped like a key', () => {
    // Prepare
    const parts = { tuid: '7f1c2b1e-0000-4000-8000-000000000001', id: '01JABCDEFGHJKMNPQRSTVWXYZ0', secret: 'aB-_9xYz' };

    // Act
    const key = formatApiKey(parts);

    // Assess
    expect(isApiKey(key)).toBe(true);
    expect(parseApiKey(key)).toEqual(parts);
    expect(isApiKey('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    for (const malformed of ['cpk.a.b', 'cpk.a.b.c.d', 'cpk..b.c', 'xyz.a.b.c']) expect(parseApiKey(malformed)).toBeNull();
  });

  it('reaches data routes, and never settings, billing, developer, support or session-only routes', () => {
    // Act
    const reachable = new Set(ROUTE_CONTRACTS.filter(isReachableWithApiKey).map((route) => route.name));

    // Assess
    expect(reachable).toContain('contacts.create');
    expect(reachable).toContain('campaigns.emailList');
    for (const name of ['sms-settings.listCallingCodes', 'developers.listApiKeys', 'developers.createApiKey', 'notifications.getSettings', 'notifications.unreadCount', 'account.changePassword', 'admin.listSenderIds', 'auth.logIn']) {
      expect(reachable.has(name), name).toBe(false);
    }
    expect([...reachable].some((name) => name.startsWith('shopping-cart.'))).toBe(false);
  });
});
