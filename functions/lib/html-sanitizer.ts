/**
 * HTML written by one person and shown to others is sanitised with sanitize-html, an allow-list
 * sanitiser on a real HTML parser that runs in Node without a DOM.
 *
 * - Announcement HTML (written by provider support, shown to every user) is sanitised on write
 *   with the allow-list the browser applies on display (shared/domain/announcement-html-policy.ts):
 *   formatting, lists, tables, links and images survive; scripts, styles, event handlers, frames
 *   and forms do not, nor what is inside them.
 * - Template HTML is sanitised when it is shown to someone other than its account (a shared
 *   template, a thumbnail). An email keeps what email clients render (the document, `<style>`,
 *   inline styles, layout tables and their presentational attributes, personalisation tags); what
 *   could run or reach out in a browser goes (scripts, frames, objects, forms, event handlers,
 *   `<base>`, `<meta http-equiv>`, linked stylesheets, `javascript:` and other unknown schemes).
 */
import sanitizeHtml from 'sanitize-html';
import {
  ANNOUNCEMENT_ALLOWED_ELEMENTS,
  ANNOUNCEMENT_DROPPED_WITH_CONTENT,
  ANNOUNCEMENT_IMAGE_SCHEMES,
  ANNOUNCEMENT_LINK_ATTRIBUTES,
  ANNOUNCEMENT_LINK_SCHEMES,
} from '../../shared/domain/announcement-html-policy.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(ANNOUNCEMENT_ALLOWED_ELEMENTS),
  allowedAttributes: {
    ...ANNOUNCEMENT_ALLOWED_ELEMENTS,
    // The transform below sets these, and sanitize-html filters what a transform sets too.
    a: [...ANNOUNCEMENT_ALLOWED_ELEMENTS.a, ...Object.keys(ANNOUNCEMENT_LINK_ATTRIBUTES)],
  },
  allowedSchemes: [...ANNOUNCEMENT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...ANNOUNCEMENT_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { ...ANNOUNCEMENT_LINK_ATTRIBUTES }) },
  nonTextTags: [...ANNOUNCEMENT_DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const PRESENTATIONAL_ATTRIBUTES = [
  'style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'background', 'border', 'cellpadding',
  'cellspacing', 'color', 'dir', 'lang', 'title', 'role', 'aria-label', 'aria-hidden',
];

const TEMPLATE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...Object.keys(ANNOUNCEMENT_ALLOWED_ELEMENTS),
    'html', 'head', 'body', 'title', 'style', 'meta', 'center', 'font', 'section', 'article', 'header', 'footer', 'nav',
    'main', 'figure', 'figcaption', 'picture', 'source', 'col', 'colgroup', 'abbr', 'address', 'cite', 'del', 'ins', 'q',
    'strike', 'tt', 'big', 'wbr',
  ],
  allowedAttributes: {
    '*': PRESENTATIONAL_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border', 'srcset'],
    source: ['srcset', 'media', 'type'],
    meta: ['charset', 'name', 'content'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    ul: ['type'],
    table: ['summary'],
    font: ['face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // An email's images may be inline data (a pasted logo); an image never runs script.
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset', 'background', 'cite'],
  allowProtocolRelative: true,
  // <style> is what an email's design rests on; it cannot run script in a current browser.
  allowVulnerableTags: true,
  // Scripts and styles of removed tags must not leak out as text.
  nonTextTags: ['script', 'noscript', 'textarea', 'option', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  // What is left of a refresh or other http-equiv meta (its content alone) is dropped too.
  exclusiveFilter: (frame) => frame.tag === 'meta' && !frame.attribs.charset && !frame.attribs.name,
};

/** A template's HTML made safe to show to another user: the design stays, anything active goes. */
export function sanitizeTemplateHtml(html: string): string {
  // The parser drops the doctype, and without it a browser lays the email out in quirks mode.
  const doctype = /^\s*<!doctype html/i.test(html) ? '<!DOCTYPE html>' : '';
  return doctype + sanitizeHtml(html, TEMPLATE_OPTIONS);
}
