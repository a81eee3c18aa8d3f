import { describe, expect, it } from 'vitest';
import { returnPathOf, signInPathFor, signInPathForHash } from '../../../web/src/session/return-path.js';

describe('deep links through sign-in', () => {
  it('sends a signed-out visit to sign-in with the page, query included, as next', () => {
    expect(signInPathFor({ pathname: '/contacts', search: '' })).toBe('/sign-in?next=%2Fcontacts');
    expect(signInPathFor({ pathname: '/settings/account', search: '?tab=1' })).toBe('/sign-in?next=%2Fsettings%2Faccount%3Ftab%3D1');
  });

  it('adds no next for the pages sign-in leads to anyway', () => {
    expect(signInPathFor({ pathname: '/', search: '' })).toBe('/sign-in');
    expect(signInPathFor({ pathname: '/dashboard', search: '' })).toBe('/sign-in');
  });

  it('returns a session that ended mid-work to the page open in the hash', () => {
    expect(signInPathForHash('#/settings/account?tab=2')).toBe('/sign-in?next=%2Fsettings%2Faccount%3Ftab%3D2');
    expect(signInPathForHash('#/contacts')).toBe('/sign-in?next=%2Fcontacts');
    expect(signInPathForHash('#/dashboard')).toBe('/sign-in');
    expect(signInPathForHash('')).toBe('/sign-in');
    // Already on sign-in (the shell moved there first): its next stays.
    expect(signInPathForHash('#/sign-in?next=%2Fcontacts')).toBe('/sign-in?next=%2Fcontacts');
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
