/**
 * "Convert a web page" (spec §2.1 convert-page): turns a page's HTML into email-safe HTML. Pure,
 * no I/O: the service fetches the page and its stylesheets and hands their CSS in. Scripts, frames,
 * plugins, event handlers and `javascript:` URLs are removed with sanitize-html (a real HTML parser,
 * no DOM); the CSS is inlined into `style` attributes with juice, which keeps media queries in a
 * `<style>` block; relative links and images are made absolute against the page's address.
 */
import juice from 'juice';
import sanitizeHtml from 'sanitize-html';

/** Elements dropped with their content: active content mail clients block anyway, or worse. */
const REMOVED_TAGS = new Set(['script', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'link']);
/** Attributes holding a URL that must be absolute in a mail. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'background', 'action', 'poster', 'cite']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'data:', 'cid:']);

export type PageConversionInput = {
  html: string;
  /** Where the page lives: relative URLs resolve against it (a `<base href>` in the page wins). */
  baseUrl?: string;
  /** CSS of the page's linked stylesheets, already fetched, in document order. */
  extraCss?: string;
};

/** The address relative URLs resolve against: the page's own `<base href>`, else the given one. */
export function baseUrlOf(html: string, baseUrl?: string): string | undefined {
  const baseHref = /<base\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const href = baseHref?.[1] ?? baseHref?.[2] ?? baseHref?.[3];
  return resolveUrl(href, baseUrl) ?? baseUrl;
}

/** An absolute http(s) URL, or undefined when the value cannot be resolved. */
function resolveUrl(value: string | undefined, base: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** A URL attribute's value made absolute, or undefined when it must go (javascript:, vbscript:…). */
function safeUrl(value: string, base: string | undefined): string | undefined {
  const trimmed = value.trim();
  // Same-page anchors and merge tags stay as written.
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('{{')) return trimmed;
  // Browsers ignore control characters and whitespace inside a scheme: `java\tscript:` is javascript:.
  const collapsed = trimmed.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(collapsed)?.[1];
  if (scheme !== undefined) return SAFE_SCHEMES.has(`${scheme}:`) ? trimmed : undefined;
  return resolveUrl(trimmed, base) ?? (base === undefined ? trimmed : undefined);
}

/** `srcset`: each candidate's URL made absolute; the whole attribute goes when one is unsafe. */
function safeSrcset(value: string, base: string | undefined): string | undefined {
  const candidates = value.split(',').map((candidate) => candidate.trim()).filter(Boolean);
  const resolved = candidates.map((candidate) => {
    const [url = '', ...descriptor] = candidate.split(/\s+/);
    const absolute = safeUrl(url, base);
    return absolute === undefined ? undefined : [absolute, ...descriptor].join(' ');
  });
  return resolved.every((candidate) => candidate !== undefined) ? resolved.join(', ') : undefined;
}

/** `url(...)` references in CSS made absolute against the stylesheet's address. */
export function absolutizeCssUrls(css: string, base: string | undefined): string {
  return css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_whole, quote: string, url: string) => {
    const absolute = safeUrl(url, base);
    return absolute === undefined ? 'url("")' : `url(${quote}${absolute}${quote})`;
  });
}

function cleanAttributes(attribs: sanitizeHtml.Attributes, base: string | undefined): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const key = name.toLowerCase();
    if (key.startsWith('on') || key === 'formaction' || key === 'xlink:href') continue;
    if (URL_ATTRIBUTES.has(key)) {
      const url = safeUrl(value, base);
      if (url !== undefined) kept[name] = url;
    } else if (key === 'srcset') {
      const srcset = safeSrcset(value, base);
      if (srcset !== undefined) kept[name] = srcset;
    } else if (key === 'style') {
      kept[name] = absolutizeCssUrls(value, base);
    } else {
      kept[name] = value;
    }
  }
  return kept;
}

/** Converts a page's HTML to email-safe HTML with its CSS inlined; see the module comment. */
export function convertPageHtml({ html, baseUrl, extraCss }: PageConversionInput): string {
  const base = baseUrlOf(html, baseUrl);
  const sanitized = sanitizeHtml(html, {
    // Every element and attribute of the page survives except those filtered out here.
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemes: [...SAFE_SCHEMES].map((scheme) => scheme.slice(0, -1)),
    allowProtocolRelative: true,
    exclusiveFilter: (frame) =>
      REMOVED_TAGS.has(frame.tag) || (frame.tag === 'meta' && (frame.attribs['http-equiv'] ?? '').toLowerCase() === 'refresh'),
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs, base) }),
      style: (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs, base), text: undefined }),
    },
    // Styles are kept for juice; the content of dropped elements goes with them.
    nonTextTags: ['script', 'noscript', 'textarea', 'option', 'iframe', 'object', 'embed', 'applet'],
  });
  const inlined = juice(sanitized, {
    extraCss: extraCss ?? '',
    applyStyleTags: true,
    removeStyleTags: true,
    preserveMediaQueries: true,
    preserveFontFaces: true,
    preserveImportant: true,
    applyWidthAttributes: true,
    applyHeightAttributes: true,
    insertPreservedExtraCss: true,
  });
  const body = absolutizeCssUrlsInStyleBlocks(inlined, base);
  return /^\s*<!doctype/i.test(body) ? body : `<!DOCTYPE html>\n${body}`;
}

/** Kept `<style>` blocks (media queries, fonts) get absolute `url(...)` too. */
function absolutizeCssUrlsInStyleBlocks(html: string, base: string | undefined): string {
  return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_whole, open: string, css: string, close: string) => `${open}${absolutizeCssUrls(css, base)}${close}`);
}
