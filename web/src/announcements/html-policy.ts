/**
 * The allow-list for announcement HTML shown in the browser. The server sanitises on write; the
 * browser sanitises again on display, because a stored announcement outlives any one server
 * version. Pure rules here (unit-tested); the DOM walk is in sanitize-html.ts.
 */

/** Elements kept with their allowed attributes. */
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ...Object.fromEntries(
    [
      'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
      'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
      'table', 'thead', 'tbody', 'tfoot', 'tr', 'caption',
    ].map((tag) => [tag, []]),
  ),
};

/** Elements dropped with everything inside them; any other unknown element is unwrapped to its content. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'option', 'link', 'meta', 'base', 'head', 'title',
]);

export type ElementVerdict = 'keep' | 'unwrap' | 'drop';

export function elementVerdict(tagName: string): ElementVerdict {
  const tag = tagName.toLowerCase();
  if (Object.hasOwn(ALLOWED_ATTRIBUTES, tag)) return 'keep';
  return DROPPED_WITH_CONTENT.has(tag) ? 'drop' : 'unwrap';
}

export function isAllowedAttribute(tagName: string, attribute: string): boolean {
  const tag = tagName.toLowerCase();
  return Object.hasOwn(ALLOWED_ATTRIBUTES, tag) && ALLOWED_ATTRIBUTES[tag].includes(attribute.toLowerCase());
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The URL when its scheme is safe for the attribute (no javascript:, data: or vbscript:), else
 * null. Relative URLs resolve against the app's origin and are kept.
 */
export function safeUrl(value: string, attribute: 'href' | 'src', base: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return null;
  }
  return (attribute === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).has(url.protocol) ? value.trim() : null;
}
