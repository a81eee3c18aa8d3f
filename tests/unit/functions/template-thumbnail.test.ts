import { describe, expect, it } from 'vitest';
import { templateThumbnailSvg } from '../../../functions/lib/template-thumbnail.js';

const email = (html: string) => templateThumbnailSvg({ kind: 'email', editor: 'code', html, project: null });

describe('templateThumbnailSvg', () => {
  it('keeps style sheets as character data, so CSS with & or ]]> stays well-formed XML', () => {
    // Act
    const svg = email('<style>a[href*="a&b"] { color: red } /* ]]> */</style><p>x</p>');

    // Assess
    expect(svg).toContain('<style><![CDATA[a[href*="a&b"] { color: red } /* ]]]]><![CDATA[> */]]></style>');
  });

  it('draws images as boxes of their size, a style width winning over the default', () => {
    // Act
    const svg = email('<img src="https://x/a.png" width="200" height="80"><img src="https://x/b.png" style="width:50px"><img src="https://x/c.png">');

    // Assess
    expect(svg).toContain('width:200px;height:80px');
    expect(svg).toContain('height:120px;width:50px');
    expect(svg).toContain('width:100%;height:120px');
    expect(svg).not.toContain('https://x/');
  });

  it('drops the title and metadata, and characters XML forbids', () => {
    // Act
    const svg = email('<html><head><title>Secret title</title><meta charset="utf-8"></head><body>A\u0001B\u000BC</body></html>');

    // Assess
    expect(svg).not.toMatch(/Secret title|<meta|<title/);
    expect(svg).toContain('ABC');
  });

  it('draws only the text of an email too large to draw whole', () => {
    // Act
    const svg = email(`<style>p { color: red }</style><p>${'word '.repeat(100_000)}</p>`);

    // Assess
    expect(svg.length).toBeLessThan(3_000);
    expect(svg).toContain('word word');
    expect(svg).not.toContain('color: red');
  });

  it('draws an MMS template as its subject, a box per media file and the text, escaped', () => {
    // Act
    const svg = templateThumbnailSvg({ kind: 'mms', subject: 'Deals & more', text: 'Hi <there>', media: [{ url: 'https://x/a.png' }, { url: 'https://x/b.png' }] });

    // Assess
    expect(svg).toContain('Deals &amp; more');
    expect(svg).toContain('Hi &lt;there&gt;');
    expect(svg.match(/height:220px/g)).toHaveLength(2);
  });
});
