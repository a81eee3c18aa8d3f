import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { asciiAddress, buildMimeMessage, encodeHeaderText, formatAddress, textFromHtml, withEmailHead, withPreheader, type MimeMessage } from '../../../functions/channels/mime.js';

const message: MimeMessage = {
  from: { name: 'Shop "Best" Ltd', address: 'news@shop.example' },
  to: 'ann@example.com',
  replyTo: 'help@shop.example',
  subject: 'Spring offers',
  text: 'Hello Ann',
  html: '<html><body><p>Hello Ann</p></body></html>',
  messageId: 'abc-123@shop.example',
  date: new Date('2026-03-01T08:00:00Z'),
  unsubscribeUrl: 'https://app.example/t/unsubscribe/x.y',
};

describe('buildMimeMessage', () => {
  it("adds Gmail's Feedback-ID header when given one, in printable ASCII only", () => {
    // Act
    const raw = buildMimeMessage({ ...message, feedbackId: 'camp1:acc1:email:shop.example\r\nBcc: x@y' });
    const plain = buildMimeMessage(message);

    // Assess
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toContain('Feedback-ID: camp1:acc1:email:shop.exampleBcc:x@y\r\n');
    expect(head).not.toContain('\r\nBcc');
    expect(plain).not.toContain('Feedback-ID');
  });

  it('writes the headers of RFC 5322 and RFC 8058 with CRLF line ends', () => {
    // Act
    const raw = buildMimeMessage(message);

    // Assess
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toContain('From: "Shop \\"Best\\" Ltd" <news@shop.example>');
    expect(head).toContain('To: ann@example.com');
    expect(head).toContain('Reply-To: help@shop.example');
    expect(head).toContain('Subject: Spring offers');
    expect(head).toContain('Date: Sun, 01 Mar 2026 08:00:00 +0000');
    expect(head).toContain('Message-ID: <abc-123@shop.example>');
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toContain('List-Unsubscribe: <https://app.example/t/unsubscribe/x.y>');
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  });

  it('is read back by a MIME parser: both parts, non-ASCII subject and sender name', async () => {
    // Prepare
    const html = `<p>${'春季優惠 '.repeat(60)}</p>`;

    // Act
    const parsed = await PostalMime.parse(buildMimeMessage({ ...message, from: { name: '商店 Shop', address: 'news@shop.example' }, subject: 'Ofertas — 春季優惠 '.repeat(5), html, text: '春季優惠' }));

    // Assess
    expect(parsed.subject).toBe('Ofertas — 春季優惠 '.repeat(5));
    expect(parsed.from).toMatchObject({ name: '商店 Shop', address: 'news@shop.example' });
    expect(parsed.html).toBe(html);
    expect(parsed.text).toBe('春季優惠');
  });

  it('keeps base64 lines at 76 characters and omits the unsubscribe headers without a link', () => {
    // Act
    const raw = buildMimeMessage({ ...message, unsubscribeUrl: undefined, html: 'x'.repeat(1000) });

    // Assess
    const body = raw.split('\r\n').filter((line) => /^[A-Za-z0-9+/=]+$/.test(line));
    expect(Math.max(...body.map((line) => line.length))).toBe(76);
    expect(raw).not.toContain('List-Unsubscribe');
  });
});

describe('header encoding', () => {
  it('leaves short ASCII as is and encodes the rest in words of at most 75 characters', () => {
    expect(encodeHeaderText('Hello')).toBe('Hello');
    const encoded = encodeHeaderText('優惠'.repeat(40));
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(encodeHeaderText('a\r\nBcc: x@y')).not.toContain('\n');
  });

  it('formats addresses without letting line breaks or brackets through', () => {
    expect(formatAddress({ name: '', address: 'a@b.c' })).toBe('a@b.c');
    expect(formatAddress({ name: 'Ann Lee', address: 'a@b.c' })).toBe('Ann Lee <a@b.c>');
    expect(formatAddress({ name: 'Evil\r\nBcc: x', address: 'a@b.c>\r\n' })).not.toMatch(/\n|>.*>/);
  });

  it('writes an IDN domain in Punycode, as SES takes addresses in 7-bit ASCII only', () => {
    expect(formatAddress({ name: '', address: 'user@münchen.de' })).toBe('user@xn--mnchen-3ya.de');
    expect(asciiAddress('user@例え.jp')).toBe('user@xn--r8jz45g.jp');
    expect(asciiAddress('user@example.com')).toBe('user@example.com');
  });
});

describe('withPreheader and textFromHtml', () => {
  it('puts the preheader hidden at the top of the body, and leaves it out of the text', () => {
    const html = withPreheader('<html><body class="x"><p>Hi &amp; welcome<br>there</p><a href="https://s.example/a">Shop</a></body></html>', 'Save <20%>');
    expect(html).toMatch(/<body class="x"><div style="display:none[^"]*">Save &lt;20%&gt;<\/div><p>/);
    expect(textFromHtml(html)).toBe('Hi & welcome\nthere\nShop (https://s.example/a)');
  });

  it('tells what an image shows by its alt text, a linked one as its label; an image without alt text is left out', () => {
    // Prepare
    const html =
      '<img src="https://cdn.example/autumn.jpg" width="600" alt="Our autumn &amp; winter collection"><p>In the shop now.</p>' +
      '<a href="https://shop.example/autumn"><img alt=\'See the collection\' src="https://cdn.example/button.png"></a>' +
      '<img src="https://cdn.example/divider.png" alt="">';

    // Act
    const text = textFromHtml(html);

    // Assess
    expect(text).toBe('[Our autumn & winter collection]\nIn the shop now.\n[See the collection] (https://shop.example/autumn)');
  });
});

describe('withEmailHead', () => {
  it('puts the email-safe head into a document once, wraps a fragment in a document, and leaves the text alone', () => {
    // Act
    const document = withEmailHead('<html><head><title>T</title></head><body><p>Hi</p></body></html>');
    const fragment = withEmailHead('<p>Hi</p>');

    // Assess
    expect(document).toMatch(/^<html><head><meta name="x-apple-disable-message-reformatting">[\s\S]*<\/style><title>T<\/title><\/head><body><p>Hi<\/p><\/body><\/html>$/);
    expect(withEmailHead(document)).toBe(document);
    expect(fragment).toMatch(/^<!doctype html><html><head><meta http-equiv="Content-Type" content="text\/html; charset=UTF-8">[\s\S]*<\/head><body><p>Hi<\/p><\/body><\/html>$/);
    expect(textFromHtml(fragment)).toBe('Hi');
  });
});

