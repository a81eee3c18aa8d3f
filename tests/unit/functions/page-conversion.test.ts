import { describe, expect, it } from 'vitest';
import { convertPageHtml } from '../../../functions/lib/email-safe-html.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, fetch } from 'undici';
import { isPrivateAddress, publicOnlyLookup } from '../../../functions/services/templates/page-conversion.js';

const PAGE = `<!doctype html>
<html><head>
<link rel="stylesheet" href="/site.css">
<style>
  p { color: red; }
  .lead { font-size: 18px; }
  @media (max-width: 600px) { p { color: blue; } }
</style>
<script>alert('head')</script>
</head>
<body onload="track()">
  <p class="lead" onclick="steal()" onMouseOver="x()">Hello</p>
  <a href="javascript:alert(1)">bad</a>
  <a href="JaVa&#x09;Script:alert(2)">bad too</a>
  <a href="offers/spring.html">Spring</a>
  <img src="img/logo.png" srcset="img/a.png 1x, img/b.png 2x">
  <table background="bg.png"><tr><td style="background: url('cell.png')">cell</td></tr></table>
  <iframe src="https://evil.example/"></iframe><noscript>no script</noscript>
  <object data="x.swf"></object><embed src="y.swf">
  <script src="tracker.js"></script>
</body></html>`;

describe('convertPageHtml', () => {
  const html = convertPageHtml({ html: PAGE, baseUrl: 'https://shop.example.com/news/index.html' });

  it('removes scripts, frames, plugins and inline event handlers', () => {
    // Assess
    expect(html).not.toMatch(/<script|<noscript|<iframe|<object|<embed/i);
    expect(html).not.toMatch(/alert|tracker\.js|no script/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('removes javascript: links but keeps the link text', () => {
    // Assess
    expect(html).not.toMatch(/javascript/i);
    expect(html).toContain('bad</a>');
    expect(html).toContain('bad too</a>');
  });

  it('inlines the CSS into style attributes and keeps media queries in a style block', () => {
    // Assess
    expect(html).toMatch(/<p class="lead" style="color: red; font-size: 18px;">Hello<\/p>/);
    expect(html).toMatch(/<style>[\s\S]*@media \(max-width: 600px\)[\s\S]*color: blue[\s\S]*<\/style>/);
    expect(html).not.toContain('<link');
  });

  it('makes relative links, images and backgrounds absolute', () => {
    // Assess
    expect(html).toContain('href="https://shop.example.com/news/offers/spring.html"');
    expect(html).toContain('src="https://shop.example.com/news/img/logo.png"');
    expect(html).toContain('srcset="https://shop.example.com/news/img/a.png 1x, https://shop.example.com/news/img/b.png 2x"');
    expect(html).toContain('background="https://shop.example.com/news/bg.png"');
    expect(html).toContain("url('https://shop.example.com/news/cell.png')");
  });

  it("resolves against the page's own <base href> and applies the fetched stylesheets' CSS", () => {
    // Act
    const converted = convertPageHtml({
      html: '<html><head><base href="https://cdn.example.org/mail/"></head><body><h1>Title</h1><img src="a.png"></body></html>',
      baseUrl: 'https://shop.example.com/',
      extraCss: 'h1 { font-weight: bold; }',
    });
    // Assess
    expect(converted).toContain('src="https://cdn.example.org/mail/a.png"');
    expect(converted).toContain('<h1 style="font-weight: bold;">Title</h1>');
    expect(converted).not.toContain('<base');
  });

  it('keeps pasted HTML without a base address as written', () => {
    // Act
    const converted = convertPageHtml({ html: '<style>td { padding: 4px; }</style><table><tr><td><a href="/x">x</a></td></tr></table>' });
    // Assess
    expect(converted).toContain('<td style="padding: 4px;"><a href="/x">x</a></td>');
  });
});

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1'])(
    '%s is private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('publicOnlyLookup', () => {
  const lookUp = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      publicOnlyLookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })),
    );

  it.each(['127.0.0.1', '169.254.169.254', '::1', 'localhost'])('refuses %s where the connection is made', async (hostname) => {
    // Act
    const { error } = await lookUp(hostname, false);

    // Assess
    expect(error?.code).toBe('EPRIVATEADDRESS');
  });

  it('answers a public address the way the connector asked: one, or all', async () => {
    // Act
    const one = await lookUp('93.184.216.34', false);
    const all = await lookUp('93.184.216.34', true);

    // Assess
    expect(one).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(all).toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }], family: undefined });
  });

  it('keeps a connection from reaching a private address whatever a first lookup said (DNS rebinding)', async () => {
    // Prepare: a server on loopback, reached by a name (localhost) as a rebinding name would be.
    const server = createServer((_request, response) => response.end('internal'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ connect: { lookup: publicOnlyLookup } });

    try {
      // Act
      const attempt = fetch(`http://localhost:${port}/`, { dispatcher: agent });

      // Assess
      await expect(attempt).rejects.toMatchObject({ cause: { code: 'EPRIVATEADDRESS' } });
    } finally {
      await agent.close();
      server.close();
    }
  });
});
