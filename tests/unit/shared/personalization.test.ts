import { describe, expect, it } from 'vitest';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import {
  compileTemplate,
  formatTemplateTag,
  parseTemplateTags,
  TemplateCompileError,
  TRACKING_TOKEN,
  type TemplateRecipient,
} from '../../../shared/domain/personalization.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';

const FIELDS: TFieldSchema[] = [
  { id: 'f1', name: 'First Name', type: 'text', choices: [], createTime: '2026-01-01T00:00:00.000Z' },
  { id: 'f3', name: 'Points', type: 'number', choices: [], createTime: '2026-01-01T00:00:00.000Z' },
  { id: 'f4', name: 'Birthday', type: 'date', choices: [], createTime: '2026-01-01T00:00:00.000Z' },
  { id: 'f5', name: 'Tier', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }, { id: 'c2', label: 'Silver & Co' }], createTime: '2026-01-01T00:00:00.000Z' },
  { id: 'f6', name: 'Interests', type: 'multipleChoice', choices: [{ id: 'c1', label: 'Shoes' }, { id: 'c2', label: 'Bags' }], createTime: '2026-01-01T00:00:00.000Z' },
];

const CONTACT: Pick<ContactRecord, 'email' | 'mobile' | 'fields'> = {
  email: 'ann@example.com',
  mobile: '+85291234567',
  fields: { f1: 'Ann', f3: 42, f4: '1990-02-03', f5: 'c1', f6: ['c2', 'c1'] },
};

const recipient = (contact: Partial<typeof CONTACT> = {}): TemplateRecipient => ({ contact: { ...CONTACT, ...contact } });

describe('parseTemplateTags', () => {
  it('reads tags with or without spaces, with fallbacks, in order', () => {
    // Prepare
    const text = 'Hi {{field:f1|there}}, {{  email  }} {{ field : f3 |  0 }} {{mobile}}';

    // Act
    const { tags, problems } = parseTemplateTags(text);

    // Assess: offsets cover each tag's braces.
    expect(problems).toEqual([]);
    expect(tags.map(({ name, fallback, start, end }) => ({ name, fallback, written: text.slice(start, end) }))).toEqual([
      { name: 'field:f1', fallback: 'there', written: '{{field:f1|there}}' },
      { name: 'email', fallback: '', written: '{{  email  }}' },
      { name: 'field:f3', fallback: '0', written: '{{ field : f3 |  0 }}' },
      { name: 'mobile', fallback: '', written: '{{mobile}}' },
    ]);
  });

  it('keeps everything after the first bar, trimmed, as the fallback', () => {
    const { tags } = parseTemplateTags('{{ field:f1 | dear friend | and family }}');
    expect(tags[0].fallback).toBe('dear friend | and family');
  });

  it('recognises the link tags', () => {
    const { tags } = parseTemplateTags('<a href="{{ unsubscribe_url }}">x</a><a href="{{online_version_url}}">y</a>');
    expect(tags.map((tag) => tag.name)).toEqual(['unsubscribe_url', 'online_version_url']);
  });

  it('reports unclosed, empty and unknown tags where they are, and reads on', () => {
    // Act
    const { tags, problems } = parseTemplateTags('{{ email {{ mobile }} {{ }} {{ First Name }} {{ tracking_token }} {{ field:f1');

    // Assess
    expect(tags.map((tag) => tag.name)).toEqual(['mobile']);
    expect(problems.map(({ code, start, text }) => ({ code, start, text }))).toEqual([
      { code: 'unclosedTag', start: 0, text: '{{ email ' },
      { code: 'emptyTag', start: 22, text: '{{ }}' },
      { code: 'unknownTag', start: 28, text: '{{ First Name }}' },
      { code: 'unknownTag', start: 45, text: '{{ tracking_token }}' },
      { code: 'unclosedTag', start: 66, text: '{{ field:f1' },
    ]);
  });

  it('takes a lone }} as text, as CSS media queries end with one', () => {
    expect(parseTemplateTags('@media (max-width:600px){.a{color:red}} {{ email }}')).toEqual({
      tags: [{ name: 'email', fallback: '', start: 40, end: 51 }],
      problems: [],
    });
  });

  it('reports fields the account does not have when given its fields', () => {
    const { problems } = parseTemplateTags('{{ field:f1 }} {{ field:f9 | x }}', { fields: FIELDS });
    expect(problems).toEqual([{ code: 'unknownField', start: 15, end: 33, text: '{{ field:f9 | x }}' }]);
  });

  it('writes tags the way it reads them', () => {
    expect(formatTemplateTag('field:f1', 'there')).toBe('{{ field:f1 | there }}');
    expect(parseTemplateTags(formatTemplateTag('email')).tags[0]).toMatchObject({ name: 'email', fallback: '' });
  });
});

describe('compileTemplate, values', () => {
  it('fills primary fields, custom fields and numbers', () => {
    const template = compileTemplate('<p>{{ field:f1 }} ({{ email }}, {{ mobile }}) has {{ field:f3 }} points</p>', { fields: FIELDS, escape: 'html' });
    expect(template.render(recipient())).toBe('<p>Ann (ann@example.com, +85291234567) has 42 points</p>');
  });

  it('escapes contact values in HTML', () => {
    const template = compileTemplate('<p title="{{ field:f1 }}">Hi {{ field:f1 }}</p>', { fields: FIELDS, escape: 'html' });
    const html = template.render(recipient({ fields: { f1: '<script>alert("x")</script> & O\'Neil' } }));
    expect(html).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Neil">Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Neil</p>',
    );
  });

  it('leaves values as they are in plain text (SMS)', () => {
    const template = compileTemplate('Hi {{ field:f1 }}, tier {{ field:f5 }}', { fields: FIELDS, escape: 'none' });
    expect(template.render(recipient({ fields: { f1: 'Tom & <Jerry>', f5: 'c2' } }))).toBe('Hi Tom & <Jerry>, tier Silver & Co');
  });

  it('uses the fallback for a missing, empty or deleted field value, written as the author wrote it', () => {
    // Prepare: f9 is not a field of the account (deleted since the template was written).
    const template = compileTemplate('Hi {{ field:f1 | <b>friend</b> }}; {{ mobile | no mobile }}; {{ field:f9 | n/a }}; {{ field:f3 }}.', {
      fields: FIELDS,
      escape: 'html',
    });

    // Act
    const missing = template.render(recipient({ mobile: null, fields: {} }));
    const empty = template.render(recipient({ fields: { f1: '' } }));

    // Assess: no fallback means nothing.
    expect(missing).toBe('Hi <b>friend</b>; no mobile; n/a; .');
    expect(empty).toBe('Hi <b>friend</b>; +85291234567; n/a; .');
  });

  it('renders choices as their labels and dates as stored', () => {
    const template = compileTemplate('{{ field:f5 }} / {{ field:f6 | none }} / {{ field:f4 }}', { fields: FIELDS, escape: 'html' });
    expect(template.render(recipient())).toBe('Gold / Bags, Shoes / 1990-02-03');
    expect(template.render(recipient({ fields: { f5: 'c2', f6: [] } }))).toBe('Silver &amp; Co / none / ');
  });

  it('leaves out a choice deleted since it was stored, falling back when none is left', () => {
    const template = compileTemplate('{{ field:f5 | member }} / {{ field:f6 | none }}', { fields: FIELDS, escape: 'html' });
    expect(template.render(recipient({ fields: { f5: 'c9', f6: ['c9', 'c1'] } }))).toBe('member / Shoes');
  });

  it('fills the recipient’s own links, escaped for the attribute', () => {
    const template = compileTemplate('<a href="{{ unsubscribe_url }}">Unsubscribe</a> <a href="{{ online_version_url }}">Online</a>', {
      fields: FIELDS,
      escape: 'html',
    });
    const html = template.render({ ...recipient(), unsubscribeUrl: 'https://u.example/u?c=1&t=ab', onlineVersionUrl: 'https://u.example/v/1' });
    expect(html).toBe('<a href="https://u.example/u?c=1&amp;t=ab">Unsubscribe</a> <a href="https://u.example/v/1">Online</a>');
  });

  it('refuses a template with a broken tag', () => {
    const compile = () => compileTemplate('Hi {{ field:f1', { fields: FIELDS, escape: 'none' });
    expect(compile).toThrow(TemplateCompileError);
    expect(compile).toThrow(expect.objectContaining({ problem: expect.objectContaining({ code: 'unclosedTag' }) }));
  });

  it('renders each recipient independently from one compilation', () => {
    const template = compileTemplate('Dear {{ field:f1 | customer }}', { fields: FIELDS, escape: 'none' });
    const rendered = ['Ann', 'Ben', undefined].map((name) => template.render(recipient({ fields: name ? { f1: name } : {} })));
    expect(rendered).toEqual(['Dear Ann', 'Dear Ben', 'Dear customer']);
  });
});

describe('compileTemplate, tracking', () => {
  const trackLink = (url: string, index: number) => `https://t.example/c/${index}/${TRACKING_TOKEN}?u=${encodeURIComponent(url)}`;

  it('tracks the bare URLs of a plain text, leaving sentence punctuation outside and URLs running into a tag alone', () => {
    // Prepare
    const text = 'New range: https://shop.example/new. Yours: https://shop.example/p?id={{ mobile }} (or http://shop.example/all), thanks!';

    // Act
    const template = compileTemplate(text, { fields: FIELDS, escape: 'none', trackLink: (_url, index) => `https://s.example/${index}${TRACKING_TOKEN}` });

    // Assess
    expect(template.trackedLinks).toEqual([
      { index: 0, url: 'https://shop.example/new' },
      { index: 1, url: 'http://shop.example/all' },
    ]);
    expect(template.render({ ...recipient(), trackingToken: 'TOK' })).toBe(
      `New range: https://s.example/0TOK. Yours: https://shop.example/p?id=${CONTACT.mobile} (or https://s.example/1TOK), thanks!`,
    );
  });

  it('rewrites every http(s) link with its index and the recipient’s token, and leaves other links alone', () => {
    // Prepare
    const html = [
      '<a href="https://shop.example/a?x=1&amp;y=2" class="btn">A</a>',
      '<a href="mailto:help@example.com">Mail</a>',
      '<a href="#top">Top</a>',
      '<a href="{{ unsubscribe_url }}">Unsubscribe</a>',
      '<a href="https://shop.example/p?e={{ email }}">Mine</a>',
      "<A TITLE='see href=http://decoy' HREF='HTTP://shop.example/b'>B</A>",
      '<a data-href="https://decoy.example" href=https://shop.example/c>C</a>',
      '<abbr href="https://shop.example/not-a-link">D</abbr>',
    ].join('\n');

    // Act
    const template = compileTemplate(html, { fields: FIELDS, escape: 'html', trackLink });
    const output = template.render({ ...recipient(), unsubscribeUrl: 'https://u.example/u/1', trackingToken: 'tok1' });

    // Assess: the click tracker gets each destination decoded, in document order.
    expect(template.trackedLinks).toEqual([
      { index: 0, url: 'https://shop.example/a?x=1&y=2' },
      { index: 1, url: 'HTTP://shop.example/b' },
      { index: 2, url: 'https://shop.example/c' },
    ]);
    expect(output.split('\n')).toEqual([
      '<a href="https://t.example/c/0/tok1?u=https%3A%2F%2Fshop.example%2Fa%3Fx%3D1%26y%3D2" class="btn">A</a>',
      '<a href="mailto:help@example.com">Mail</a>',
      '<a href="#top">Top</a>',
      '<a href="https://u.example/u/1">Unsubscribe</a>',
      '<a href="https://shop.example/p?e=ann@example.com">Mine</a>',
      "<A TITLE='see href=http://decoy' HREF=\"https://t.example/c/1/tok1?u=HTTP%3A%2F%2Fshop.example%2Fb\">B</A>",
      '<a data-href="https://decoy.example" href="https://t.example/c/2/tok1?u=https%3A%2F%2Fshop.example%2Fc">C</a>',
      '<abbr href="https://shop.example/not-a-link">D</abbr>',
    ]);
  });

  it('escapes the tracked address for the attribute', () => {
    const template = compileTemplate('<a href="https://shop.example/">A</a>', { fields: FIELDS, escape: 'html', trackLink: () => 'https://t.example/c?l=0&r="x"' });
    expect(template.render(recipient())).toBe('<a href="https://t.example/c?l=0&amp;r=&quot;x&quot;">A</a>');
  });

  it('adds the open pixel with the recipient’s token just before </body>', () => {
    // Act
    const template = compileTemplate('<html><body><p>Hi</p></BODY></html>', {
      fields: FIELDS,
      escape: 'html',
      openPixelUrl: `https://t.example/o/${TRACKING_TOKEN}.gif`,
    });

    // Assess
    expect(template.render({ ...recipient(), trackingToken: 'tok<2>' })).toBe(
      '<html><body><p>Hi</p><img src="https://t.example/o/tok&lt;2&gt;.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" /></BODY></html>',
    );
  });

  it('adds the open pixel at the end of a fragment without </body>', () => {
    const template = compileTemplate('<p>Hi</p>', { fields: FIELDS, escape: 'html', openPixelUrl: 'https://t.example/o.gif' });
    expect(template.render(recipient())).toMatch(/^<p>Hi<\/p><img src="https:\/\/t\.example\/o\.gif" [^>]*\/>$/);
  });

  it('does not let a template use the tracking token itself', () => {
    expect(() => compileTemplate(`<p>${TRACKING_TOKEN}</p>`, { fields: FIELDS, escape: 'html' })).toThrow(TemplateCompileError);
  });
});
