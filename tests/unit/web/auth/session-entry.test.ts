import { describe, expect, it } from 'vitest';
import { sessionEntryPath } from '../../../../web/src/routes/auth/session-entry.js';

describe('sessionEntryPath (spec §2.3 entry semantics)', () => {
  it('sends a new sign-up to creating-account whatever the url', () => {
    expect(sessionEntryPath({ url: 'welcome', newSignUp: true })).toBe('/creating-account');
  });

  it('sends anyone else to the answered url, with or without a leading #/', () => {
    expect(sessionEntryPath({ url: 'dashboard', newSignUp: false })).toBe('/dashboard');
    expect(sessionEntryPath({ url: '#/emails?tab=0', newSignUp: false })).toBe('/emails?tab=0');
    expect(sessionEntryPath({ url: '/contacts', newSignUp: false })).toBe('/contacts');
  });

  it('falls back to the dashboard for an empty url', () => {
    expect(sessionEntryPath({ url: '', newSignUp: false })).toBe('/dashboard');
  });
});
