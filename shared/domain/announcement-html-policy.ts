/**
 * What announcement HTML may hold. The server sanitises on write (functions/lib/html-sanitizer.ts)
 * and the browser again on display (web/src/announcements/), both from these lists, so what the
 * server stores is what users see. Pure data: each side applies it with its own parser.
 */

/** Elements kept, each with the only attributes it keeps; any other element is unwrapped to its content. */
export const ANNOUNCEMENT_ALLOWED_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  p: [], br: [], hr: [], div: [], span: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], sub: [], sup: [], small: [], mark: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [], blockquote: [], pre: [], code: [],
  ul: [], ol: ['start'], li: [], dl: [], dt: [], dd: [],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

/** Elements that go with everything inside them: code, styles, embedded documents, form controls, document metadata. */
export const ANNOUNCEMENT_DROPPED_WITH_CONTENT: readonly string[] = [
  'script', 'style', 'template', 'noscript', 'xmp', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'option', 'link', 'meta', 'base', 'head', 'title',
];

/**
 * URL schemes a link (`href`) may use. A URL without a scheme is relative and kept; a
 * protocol-relative one (`//host`) is not, since it would leave the product's origin unannounced.
 */
export const ANNOUNCEMENT_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** Images (`src`) load over https only: no tracking over plain http, no data: or javascript: sources. */
export const ANNOUNCEMENT_IMAGE_SCHEMES: readonly string[] = ['https'];

/** Set on every link whatever the author wrote: it opens a new tab that cannot reach back into the product. */
export const ANNOUNCEMENT_LINK_ATTRIBUTES: Readonly<Record<string, string>> = { target: '_blank', rel: 'noopener noreferrer' };
