// @vitest-environment happy-dom
/** The announcement allow-list applied on both sides: the server's sanitiser (on write) and the browser's (on display) keep and drop the same. */
import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml as sanitizeOnWrite } from '../../../../functions/lib/html-sanitizer.js';
import { sanitizeAnnouncementHtml as sanitizeOnDisplay } from '../../../../web/src/announcements/sanitize-announcement-html.js';

const SAMPLES: Record<string, string> = {
  formatting:
    '<h2>Maintenance</h2><p>On <strong>Sunday</strong> <em>2:00</em> <u>UTC</u>, <s>Saturday</s> <mark>x</mark><sub>1</sub><sup>2</sup><small>s</small></p>' +
    '<blockquote>quoted</blockquote><pre><code>code</code></pre><hr><div><span>a</span><br>b</div>',
  lists: '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><dl><dt>Term</dt><dd>Definition</dd></dl>',
  table:
    '<table><caption>Plans</caption><thead><tr><th colspan="2" scope="col">Plan</th></tr></thead>' +
    '<tbody><tr><td rowspan="2" width="9">A</td><td>B</td></tr></tbody><tfoot><tr><td>C</td></tr></tfoot></table>',
  links:
    '<a href="https://example.com/help" target="_self" title="Help">web</a> <a href="http://example.com">plain</a>' +
    ' <a href="mailto:help@example.com">mail</a> <a href="tel:+14155550100">phone</a> <a href="/#/dashboard">relative</a>' +
    ' <a href="//evil.example/x">protocol-relative</a> <a href=" javascript:alert(1)">script</a> <a href="JaVa&#x09;Script:alert(1)">tab</a>' +
    ' <a href="data:text/html,<b>">data</a> <a name="anchor" onclick="steal()">no href</a>',
  images:
    '<img src="https://cdn.example.com/a.png" alt="banner" width="10" height="5" onerror="alert(2)">' +
    '<img src="http://plain.example.com/b.png" alt="http"><img src="data:image/png;base64,AAAA" alt="data"><img src="logo.png" alt="relative">',
  activeContent:
    '<p>before</p><script>alert(1)</script><style>body{display:none}</style><iframe>frame text</iframe>' +
    '<object data="x.swf">object text</object><embed src="y.swf"><noscript>no script</noscript><xmp><b>raw</b></xmp><p>after</p>',
  formsAndForeignContent:
    '<form action="https://evil.example/">label<input name="card"><button>Pay</button><select><option>One</option></select><textarea>typed</textarea></form>' +
    '<svg onload="steal()"><text>drawn</text><a href="https://example.com">svg link</a></svg><math><mi>x</mi></math><p>kept</p>',
  documentParts: '<title>Title</title><meta http-equiv="refresh" content="0"><link rel="stylesheet"><base href="https://evil.example/"><p>body</p>',
  unknownElements:
    '<section><font color="red" face="Arial">font</font><center>centred</center><custom-tag>custom</custom-tag><article><header>head</header></article></section>' +
    '<p style="color:red" class="x" id="y" onmouseover="steal()">styled</p><!-- a comment -->',
};

/** Every element a reader's browser builds from the HTML, in document order, with its attributes; and the text. */
function shapeOf(html: string) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const elements = [...body.querySelectorAll('*')].map((element) =>
    [element.tagName.toLowerCase(), ...[...element.attributes].map(({ name, value }) => `${name}=${value}`).sort()].join(' '),
  );
  return { elements, text: (body.textContent ?? '').replace(/\s+/g, ' ').trim() };
}

describe('announcement HTML on write and on display', () => {
  for (const [name, html] of Object.entries(SAMPLES)) {
    it(`keeps and drops the same elements, attributes and text: ${name}`, () => {
      // Act
      const stored = sanitizeOnWrite(html);
      const shown = sanitizeOnDisplay(html);

      // Assess
      expect(shapeOf(shown)).toEqual(shapeOf(stored));
      // Displaying what was stored changes nothing more.
      expect(shapeOf(sanitizeOnDisplay(stored))).toEqual(shapeOf(stored));
    });
  }

  it('keeps definition lists, which the server always stored', () => {
    expect(shapeOf(sanitizeOnDisplay(SAMPLES.lists)).elements).toEqual(['ul', 'li', 'ol start=3', 'li', 'dl', 'dt', 'dd']);
  });
});
