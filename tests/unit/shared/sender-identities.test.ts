import { describe, expect, it } from 'vitest';
import {
  campaignFromOf,
  canSendFrom,
  dnsRecordsFor,
  feedbackIdOf,
  isDmarcAligned,
  isFreeMailDomain,
  isValidSenderDomain,
  normalizeSenderDomain,
} from '../../../shared/domain/sender-identities.js';

describe('sender identity rules', () => {
  it('refuses free and public mailbox domains and their subdomains, and nothing else', () => {
    // Assess
    for (const domain of ['gmail.com', 'YAHOO.com', 'yahoo.com.hk', 'outlook.com', 'qq.com', 'mx.gmail.com', 'icloud.com.']) expect(isFreeMailDomain(domain)).toBe(true);
    for (const domain of ['shop.example', 'gmail.com.evil.example', 'example.com', 'notgmail.com']) expect(isFreeMailDomain(domain)).toBe(false);
  });

  it('reads a domain as people paste it and accepts only real domain names', () => {
    // Assess
    expect(normalizeSenderDomain(' https://Shop.Example/about ')).toBe('shop.example');
    expect(normalizeSenderDomain('news@shop.example.')).toBe('shop.example');
    expect(isValidSenderDomain('shop.example')).toBe(true);
    expect(isValidSenderDomain('mail.shop.com.hk')).toBe(true);
    for (const bad of ['localhost', 'shop', '-shop.example', 'shop..example', 'shop.123', 'sh op.example', `${'a'.repeat(64)}.example`]) expect(isValidSenderDomain(bad)).toBe(false);
  });

  it('lets a campaign send from the login email, confirmed addresses and any address at a verified domain, never from a free mail domain', () => {
    // Prepare
    const identities = { login: 'Owner@Shop.example', verifiedAddresses: ['news@other.example'], verifiedDomains: ['brand.example'] };

    // Assess
    expect(canSendFrom(' owner@shop.example ', identities)).toBe(true);
    expect(canSendFrom('NEWS@other.example', identities)).toBe(true);
    expect(canSendFrom('anyone@brand.example', identities)).toBe(true);
    expect(canSendFrom('anyone@sub.brand.example', identities)).toBe(false);
    expect(canSendFrom('stranger@other.example', identities)).toBe(false);
    expect(canSendFrom('', identities)).toBe(false);
    expect(canSendFrom('me@gmail.com', { login: 'me@gmail.com', verifiedAddresses: [], verifiedDomains: [] })).toBe(false);
  });

  it("lists SES Easy DKIM's three CNAMEs, the MAIL FROM subdomain's MX and SPF, and a DMARC suggestion", () => {
    // Act
    const records = dnsRecordsFor({ domain: 'shop.example', dkimTokens: ['t1', 't2', 't3'], region: 'ap-east-1' });

    // Assess
    expect(records).toEqual([
      { purpose: 'dkim', type: 'CNAME', name: 't1._domainkey.shop.example', value: 't1.dkim.amazonses.com' },
      { purpose: 'dkim', type: 'CNAME', name: 't2._domainkey.shop.example', value: 't2.dkim.amazonses.com' },
      { purpose: 'dkim', type: 'CNAME', name: 't3._domainkey.shop.example', value: 't3.dkim.amazonses.com' },
      { purpose: 'mailFromMx', type: 'MX', name: 'mail.shop.example', value: '10 feedback-smtp.ap-east-1.amazonses.com' },
      { purpose: 'mailFromSpf', type: 'TXT', name: 'mail.shop.example', value: '"v=spf1 include:amazonses.com ~all"' },
      { purpose: 'dmarc', type: 'TXT', name: '_dmarc.shop.example', value: '"v=DMARC1; p=none; rua=mailto:dmarc-reports@shop.example"' },
    ]);
  });

  it("judges DMARC's relaxed alignment by the organizational domain", () => {
    // Assess
    expect(isDmarcAligned('shop.example', 'shop.example')).toBe(true);
    expect(isDmarcAligned('news.shop.example', 'shop.example')).toBe(true);
    expect(isDmarcAligned('shop.com.hk', 'mail.shop.com.hk')).toBe(true);
    expect(isDmarcAligned('shop.example', 'amazonses.com')).toBe(false);
    expect(isDmarcAligned('a.com.hk', 'b.com.hk')).toBe(false);
  });

  it('builds a Feedback-ID of four colon-separated fields whatever the parts hold', () => {
    // Assess
    expect(feedbackIdOf({ campaignId: 'c1', tuid: 'acc:1', channel: 'email', sender: 'shop.example' })).toBe('c1:acc1:email:shop.example');
  });

  it('sends a sender at a domain verified in SES as itself, and any other on its behalf from the platform domain', () => {
    // Prepare
    const platform = { name: 'Campaign Platform', address: 'no-reply@send.platform.example' };

    // Assess: a verified domain, and the platform's own address, send as themselves
    expect(campaignFromOf({ sender: { name: 'Shop', address: 'news@shop.example' }, verifiedDomains: ['shop.example'], platform })).toEqual({
      from: { name: 'Shop', address: 'news@shop.example' },
      replyTo: undefined,
      onBehalf: false,
    });
    expect(campaignFromOf({ sender: platform, verifiedDomains: [], platform }).onBehalf).toBe(false);
    // Assess: an address confirmed by code only: the platform's domain, named for the sender, replies to the sender
    expect(campaignFromOf({ sender: { name: 'Jane', address: 'Jane@Example.com' }, verifiedDomains: ['shop.example'], platform })).toEqual({
      from: { name: 'Jane via Campaign Platform', address: 'jane=example.com@send.platform.example' },
      replyTo: 'jane@example.com',
      onBehalf: true,
    });
    // Assess: the campaign's own Reply-To stays; no name falls back to the address; the local part keeps to 64 characters
    expect(campaignFromOf({ sender: { name: '', address: 'jane@example.com' }, replyTo: ' help@example.com ', verifiedDomains: [], platform })).toMatchObject({
      from: { name: 'jane@example.com via Campaign Platform' },
      replyTo: 'help@example.com',
    });
    const long = campaignFromOf({ sender: { name: 'L', address: `${'a'.repeat(60)}@example.com` }, verifiedDomains: [], platform });
    expect(long.from.address.split('@')[0]).toHaveLength(64);
  });
});
