/**
 * Announcement HTML (written by provider support, shown to every user) is sanitised on write
 * with sanitize-html, an allow-list sanitiser on a real HTML parser that runs in Node without a
 * DOM: formatting, lists, tables, links and images survive; scripts, styles, event handlers,
 * frames and forms do not.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img',
  ],
  allowedAttributes: {
    // target and rel are always set by the transform below, whatever the author wrote.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only over https: no tracking over plain http, no data: or javascript: sources.
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Links open in a new tab that cannot reach back into the product.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
