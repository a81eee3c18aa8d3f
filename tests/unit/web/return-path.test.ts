import { describe, expect, it } from 'vitest';
import { returnPathOf, signInPathFor } from '../../../web/src/session/return-path.js';

describe('deep links through sign-in', () => {
  it('sends a signed-out visit to sign-in with the page, query included, as next', () => {
    expect(signInPathFor({ pathname: '/contacts', search: '' })).toBe('/sign-in?next=%2Fcontacts');
    expect(signInPathFor({ pathname: '/settings/account', search: '?tab=1' })).toBe('/sign-in?next=%2Fsettings%2Faccount%3Ftab%3D1');
  });

  it('adds no next for the pages sign-in leads to anyway', () => {
    expect(signInPathFor({ pathname: '/', search: '' })).toBe('/sign-in');
    expect(signInPathFor({ pathname: '/dashboard', search: '' })).toBe('/sign-in');
  });

  it('follows only in-app paths', () => {
    expect(returnPathOf('/contacts')).toBe('/contacts');
    expect(returnPathOf('/settings/account?tab=2')).toBe('/settings/account?tab=2');
    expect(returnPathOf(null)).toBeNull();
    expect(returnPathOf('https://evil.example/')).toBeNull();
    expect(returnPathOf('//evil.example/')).toBeNull();
    expect(returnPathOf('/\\evil.example')).toBeNull();
    expect(returnPathOf('/sign-in?next=%2Fcontacts')).toBeNull();
  });
});
