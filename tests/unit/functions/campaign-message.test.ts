import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { resetTrackingKeyForTests } from '../../../functions/lib/tracking-links.js';
import { campaignMailFor, compileRunMessage } from '../../../functions/services/campaigns/campaign-send/message.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import { requiredConfigEnv } from '../../helpers/config-env.js';
import PostalMime from 'postal-mime';

const ENVIRONMENT = requiredConfigEnv({ STAGE: 'test', APP_URL: 'https://app.example', JWT_SECRET: randomBytes(36).toString('base64') });

const contact: ContactRecord = { id: 7, email: 'ann@example.org', mobile: null, emailSubscribe: true, smsSubscribe: false, emailBounce: 'none', smsBounce: 'none', fields: {}, createTime: 0, updateTime: 0 };

let saved: NodeJS.ProcessEnv;

beforeEach(() => {
  saved = { ...process.env };
  Object.assign(process.env, ENVIRONMENT);
  resetConfigForTests();
  resetTrackingKeyForTests();
});
afterEach(() => {
  process.env = saved;
  resetConfigForTests();
  resetTrackingKeyForTests();
});

describe("a campaign message's identifying headers", () => {
  it("puts the Message-ID at the sender's domain in ASCII and a Feedback-ID naming campaign, account, channel and sender", async () => {
    // Prepare
    const message = await compileRunMessage({ command: { subject: 'Hi', senderName: 'Bücher', senderEmail: 'news@bücher.example', content: { kind: 'email', editor: 'code', html: '<p>Hi</p>', project: null } }, fields: [], verifiedDomains: ['bücher.example'], footer: null });

    // Act
    const mail = campaignMailFor({ message, recipient: { tuid: 'acc1', campaignId: 'camp1', contact }, now: new Date('2026-11-28T00:00:00Z') });

    // Assess
    const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/\r\nMessage-ID: <[\w-]+@xn--bcher-kva\.example>\r\n/);
    expect(head).toContain('\r\nFeedback-ID: camp1:acc1:email:xn--bcher-kva.example\r\n');
    expect(head).toContain(' <news@xn--bcher-kva.example>');
  });

  it('sends a sender at a domain not verified in SES from the platform domain, on its behalf, with replies to it', async () => {
    // Prepare
    process.env.MAIL_FROM = 'Campaign Platform <no-reply@send.platform.example>';
    resetConfigForTests();
    const message = await compileRunMessage({ command: { subject: 'Hi', senderName: 'Jane', senderEmail: 'jane@shop.example', content: { kind: 'email', editor: 'code', html: '<p>Hi</p>', project: null } }, fields: [], verifiedDomains: [], footer: null });

    // Act
    const mail = campaignMailFor({ message, recipient: { tuid: 'acc1', campaignId: 'camp1', contact }, now: new Date('2026-11-28T00:00:00Z') });

    // Assess
    const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(head.startsWith('From: Jane via Campaign Platform <jane=shop.example@send.platform.example>\r\n')).toBe(true);
    expect(head).toContain('\r\nReply-To: jane@shop.example\r\n');
    expect(head).toMatch(/\r\nMessage-ID: <[\w-]+@send\.platform\.example>\r\n/);
  });
});

describe('the campaign footer (the account\'s "Add the campaign footer")', () => {
  const command = (html: string) => ({ subject: 'Hi', senderName: 'Jane', senderEmail: 'jane@shop.example', content: { kind: 'email' as const, editor: 'code' as const, html: `<html><body>${html}</body></html>`, project: null } });
  const parsed = async (html: string, footer: { language: 'en' | 'zh-HK' } | null) => {
    const message = await compileRunMessage({ command: command(html), fields: [], verifiedDomains: ['shop.example'], footer });
    return PostalMime.parse(campaignMailFor({ message, recipient: { tuid: 'acc1', campaignId: 'camp1', contact }, now: new Date('2026-11-28T00:00:00Z') }).raw);
  };

  it('adds who sent it and a visible unsubscribe link, in the account\'s language, to content that has none', async () => {
    // Act
    const english = await parsed('<p>Our sale starts today.</p>', { language: 'en' });
    const hongKong = await parsed('<p>Our sale starts today.</p>', { language: 'zh-HK' });

    // Assess: the link is the recipient's own, in the HTML and the text alternative
    expect(english.html).toMatch(/This email was sent to you by Jane \(jane@shop\.example\)\. <a href="https:\/\/app\.example\/t\/unsubscribe\/[^"]+"[^>]*>Unsubscribe<\/a><\/div>/);
    expect(english.text).toContain('Unsubscribe');
    expect(hongKong.html).toContain('此電郵由 Jane (jane@shop.example) 發送給你。');
  });

  it('adds none when the setting is off, or when the content links its own unsubscribe', async () => {
    // Act
    const off = await parsed('<p>Our sale starts today.</p>', null);
    const ownLink = await parsed('<p>Sale. <a href="{{ unsubscribe_url }}">Leave the list</a></p>', { language: 'en' });

    // Assess
    expect(off.html).not.toContain('This email was sent to you by');
    expect(ownLink.html).not.toContain('This email was sent to you by');
    expect(ownLink.html).toContain('Leave the list');
  });
});

