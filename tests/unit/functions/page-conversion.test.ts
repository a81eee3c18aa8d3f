import { describe, expect, it } from 'vitest';
import { convertPageHtml } from '../../../functions/lib/email-safe-html.js';

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
