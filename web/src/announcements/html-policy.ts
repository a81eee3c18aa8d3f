/**
 * The browser's reading of the announcement allow-list (shared/domain/announcement-html-policy.ts).
 * The server sanitises on write; the browser sanitises again on display, because a stored
 * announcement outlives any one server version. Pure rules here (unit-tested); the DOM walk is in
 * sanitize-announcement-html.ts.
 */
import {
  ANNOUNCEMENT_ALLOWED_ELEMENTS,
  ANNOUNCEMENT_DROPPED_WITH_CONTENT,
  ANNOUNCEMENT_IMAGE_SCHEMES,
  ANNOUNCEMENT_LINK_SCHEMES,
} from '../../../shared/domain/announcement-html-policy.js';

const DROPPED_WITH_CONTENT = new Set(ANNOUNCEMENT_DROPPED_WITH_CONTENT);

export type ElementVerdict = 'keep' | 'unwrap' | 'drop';

export function elementVerdict(tagName: string): ElementVerdict {
  const tag = tagName.toLowerCase();
  if (Object.hasOwn(ANNOUNCEMENT_ALLOWED_ELEMENTS, tag)) return 'keep';
  return DROPPED_WITH_CONTENT.has(tag) ? 'drop' : 'unwrap';
}

export function isAllowedAttribute(tagName: string, attribute: string): boolean {
  const tag = tagName.toLowerCase();
  return Object.hasOwn(ANNOUNCEMENT_ALLOWED_ELEMENTS, tag) && ANNOUNCEMENT_ALLOWED_ELEMENTS[tag].includes(attribute.toLowerCase());
}

/**
 * The URL when its scheme is allowed for the attribute, else null; read the way the server's
 * sanitiser reads it, so both keep the same URLs. Relative URLs are kept, protocol-relative ones not.
 */
export function safeUrl(value: string, attribute: 'href' | 'src'): string | null {
  // Browsers ignore spaces and control characters inside a scheme ("java\tscript:"), so they do not count.
  const compact = value.replace(/[\x00-\x20]+/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9.+-]*):/.exec(compact)?.[1].toLowerCase();
  if (scheme === undefined) return /^[/\\]{2}/.test(compact) ? null : value.trim();
  return (attribute === 'src' ? ANNOUNCEMENT_IMAGE_SCHEMES : ANNOUNCEMENT_LINK_SCHEMES).includes(scheme) ? value.trim() : null;
}
