/** The short tracked links of SMS and MMS: a stable code per campaign, a signed token per recipient that cannot be altered. */
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignShortCode, shortLinkSigner, verifyShortLink } from '../../../functions/lib/short-links.js';
import { useTestTable } from '../../helpers/emulators.js';

beforeAll(async () => {
  await useTestTable();
});

describe('short links', () => {
  it('name the campaign by a stable 8-character code and the recipient in a short signed token', async () => {
    // Act
    const code = await campaignShortCode('tuid-1', 'campaign-1');
    const again = await campaignShortCode('tuid-1', 'campaign-1');
    const token = (await shortLinkSigner())(code, 123_456);

    // Assess
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(again).toBe(code);
    expect(await campaignShortCode('tuid-1', 'campaign-2')).not.toBe(code);
    expect(`3${token}`.length).toBeLessThanOrEqual(20);
    expect(await verifyShortLink(`3${token}`)).toEqual({ code, contactId: 123_456, link: 3 });
  });

  it('refuse a token whose campaign, contact or signature was changed, and malformed ones', async () => {
    // Prepare
    const code = await campaignShortCode('tuid-1', 'campaign-1');
    const token = `0${(await shortLinkSigner())(code, 42)}`;
    const [body, mac] = token.split('.') as [string, string];

    // Act and assess
    expect(await verifyShortLink(`${body.slice(0, -1)}${body.endsWith('a') ? 'b' : 'a'}.${mac}`)).toBeNull();
    expect(await verifyShortLink(`${body}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await verifyShortLink(`${body}`)).toBeNull();
    expect(await verifyShortLink('')).toBeNull();
    expect(await verifyShortLink(`${token}x`)).toBeNull();
  });
});
