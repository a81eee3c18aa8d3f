import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER, viewerAddress } from '../../../functions/lib/viewer-address.js';

const SECRET = 'a'.repeat(40);
const EDGE = '130.176.1.1';

/** A request as API Gateway hands it over: the edge (or direct caller) as source, the headers as sent. */
function addressOf(headers: Record<string, string>, secretConfigured = true): string {
  return viewerAddress({ sourceIp: EDGE, headers, originSecret: () => (secretConfigured ? SECRET : undefined) });
}

describe('the viewer address', () => {
  it("is the address CloudFront writes when the request carries the origin secret", () => {
    // Act / Assess
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('takes an IPv6 viewer in canonical form, and an IPv4-mapped one as its IPv4', () => {
    // Act / Assess
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '2001:DB8:0:0::1' })).toBe('2001:db8::1');
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('ignores a forged viewer address from a caller without the secret, or with a wrong one', () => {
    // Act / Assess
    expect(addressOf({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).toBe(EDGE);
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: 'guess', [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).toBe(EDGE);
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x`, [VIEWER_ADDRESS_HEADER]: '203.0.113.7' })).toBe(EDGE);
  });

  it('trusts no header where no secret is configured (the local host), even an empty secret presented', () => {
    // Act / Assess
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: '', [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }, false)).toBe(EDGE);
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }, false)).toBe(EDGE);
  });

  it('falls back to the source for a missing or malformed address beside the right secret', () => {
    // Act / Assess
    expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET })).toBe(EDGE);
    for (const malformed of ['203.0.113.7, 10.0.0.1', '127.1', '0x7f.0.0.1', '203.0.113.7:443', 'localhost', '']) {
      expect(addressOf({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: malformed }), malformed).toBe(EDGE);
    }
  });
});
