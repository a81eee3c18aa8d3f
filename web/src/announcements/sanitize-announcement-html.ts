/**
 * Sanitises announcement HTML for display: parse it into an inert document (DOMParser runs no
 * script and loads no image), walk it against the allow-list of html-policy.ts, and serialise
 * what is left. Links open in a new tab without giving it a handle on this one.
 */
import { ANNOUNCEMENT_LINK_ATTRIBUTES } from '../../../shared/domain/announcement-html-policy.js';
import { elementVerdict, isAllowedAttribute, safeUrl } from './html-policy.js';

function cleanAttributes(element: Element): void {
  const tag = element.tagName;
  for (const { name, value } of [...element.attributes]) {
    if (!isAllowedAttribute(tag, name)) {
      element.removeAttribute(name);
    } else if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name);
      if (url === null) element.removeAttribute(name);
    }
  }
  if (tag === 'A') {
    for (const [name, value] of Object.entries(ANNOUNCEMENT_LINK_ATTRIBUTES)) element.setAttribute(name, value);
  }
}

function cleanChildren(parent: Node): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (!(child instanceof Element)) {
      // Comments, processing instructions and the like carry nothing to show.
      child.remove();
      continue;
    }
    const verdict = elementVerdict(child.tagName);
    if (verdict === 'drop') {
      child.remove();
    } else if (verdict === 'unwrap') {
      cleanChildren(child);
      child.replaceWith(...child.childNodes);
    } else {
      cleanAttributes(child);
      cleanChildren(child);
    }
  }
}

export function sanitizeAnnouncementHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(document.body);
  return document.body.innerHTML;
}
