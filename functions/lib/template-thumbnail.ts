/**
 * A template's thumbnail as an SVG image whose `<foreignObject>` holds the template itself, so the
 * browser that shows the list draws the real layout, fonts and colours; no headless browser is
 * needed on the server. An SVG shown through `<img>` runs no script and loads nothing from
 * elsewhere, and the HTML is sanitised on top of that. Because nothing external loads, images are
 * drawn as grey boxes of their size. SMS and MMS templates are drawn as a message bubble.
 */
import sanitizeHtml from 'sanitize-html';
import type { TTemplateContent } from '../../shared/schemas/templates.js';
import { escapeHtml } from '../../shared/domain/personalization.js';
import { sanitizeTemplateHtml } from './html-sanitizer.js';

/** The drawing: an email's usual 600 px column, and the top of it a list has room for. */
export const THUMBNAIL_SIZE = { width: 600, height: 780 } as const;

/** Past this the thumbnail would cost more to send than it is worth: only the text is drawn. */
const MAX_EMAIL_HTML_BYTES = 400 * 1024;

const IMAGE_BOX = 'display:inline-block;max-width:100%;background:#e2e8f0;vertical-align:top';

/** A CSS length from an HTML width or height attribute ("120" or "50%"), or null. */
function cssLength(value: string | undefined): string | null {
  if (!value) return null;
  const match = /^\s*(\d+(?:\.\d+)?)(%|px)?\s*$/.exec(value);
  return match ? `${match[1]}${match[2] ?? 'px'}` : null;
}

const DRAWING_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  // The HTML is already sanitised (sanitizeTemplateHtml): its <style> stays, and saying so stops a warning per thumbnail.
  allowVulnerableTags: true,
  // Only the document's own elements need rewriting.
  transformTags: {
    html: 'div',
    head: 'div',
    // A div has no bgcolor, and not a body's default 8 px margin (padding here, so a background
    // fills it as a body's does): both move into its style, before the email's own.
    body: (_tagName, attribs) => ({
      tagName: 'div',
      attribs: { style: ['padding:8px;min-height:100%;box-sizing:border-box', attribs.bgcolor ? `background-color:${attribs.bgcolor}` : '', attribs.style ?? ''].filter(Boolean).join(';') },
    }),
    img: (_tagName, attribs) => {
      const styled = attribs.style ?? '';
      const width = cssLength(attribs.width) ?? (/(^|;)\s*width\s*:/.test(styled) ? null : '100%');
      const height = cssLength(attribs.height) ?? (/(^|;)\s*height\s*:/.test(styled) ? null : '120px');
      const box = [IMAGE_BOX, width && `width:${width}`, height && `height:${height}`, styled].filter(Boolean).join(';');
      return { tagName: 'span', attribs: { style: box } };
    },
  },
  // The document's title and metadata draw nothing.
  exclusiveFilter: (frame) => frame.tag === 'title' || frame.tag === 'meta',
  nonTextTags: ['title'],
};

/** Style sheets become character data: CSS may hold `&` or `<`, which XML does not allow as text. */
function styleSheetsAsCharacterData(xhtml: string): string {
  return xhtml.replace(/<style>([\s\S]*?)<\/style>/g, (_whole, css: string) => `<style><![CDATA[${css.replaceAll(']]>', ']]]]><![CDATA[>')}]]></style>`);
}

function svgDocument(body: string, background: string): string {
  const { width, height } = THUMBNAIL_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<foreignObject x="0" y="0" width="${width}" height="${height}">` +
    `<div xmlns="http://www.w3.org/1999/xhtml" style="width:${width}px;height:${height}px;overflow:hidden;margin:0;font-family:Arial,Helvetica,sans-serif">` +
    `${body}</div></foreignObject></svg>`
  );
}

/** The control characters XML 1.0 forbids even as character references. */
// eslint-disable-next-line no-control-regex
const NON_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data. */
function xmlText(text: string): string {
  return escapeHtml(text.replace(NON_XML_CHARACTERS, ''));
}

function emailDrawing(html: string): string {
  if (Buffer.byteLength(html) > MAX_EMAIL_HTML_BYTES) {
    const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'title', 'head'] });
    return svgDocument(`<p style="margin:24px;font-size:18px;color:#1a202c">${xmlText(text.replace(/\s+/g, ' ').trim().slice(0, 1500))}</p>`, '#ffffff');
  }
  const drawn = sanitizeHtml(sanitizeTemplateHtml(html).replace(/^<!DOCTYPE html>/, ''), DRAWING_OPTIONS);
  return svgDocument(styleSheetsAsCharacterData(drawn.replace(NON_XML_CHARACTERS, '')), '#ffffff');
}

function messageDrawing(subject: string, text: string, mediaCount: number): string {
  const bubble =
    'margin:48px 40px 0 40px;padding:28px 32px;border-radius:36px;background:#e9e9eb;color:#1a202c;' +
    'font-size:30px;line-height:1.35;white-space:pre-wrap;word-wrap:break-word';
  const media = Array.from({ length: mediaCount }, () => `<div style="margin:32px 40px 0 40px;height:220px;border-radius:28px;background:#cbd5e0"></div>`).join('');
  const title = subject ? `<div style="margin:40px 40px 0 40px;font-size:30px;font-weight:bold;color:#1a202c">${xmlText(subject)}</div>` : '';
  return svgDocument(`${title}${media}<div style="${bubble}">${xmlText(text.slice(0, 1200))}</div>`, '#f7fafc');
}

/** The SVG thumbnail of a template's content. */
export function templateThumbnailSvg(content: TTemplateContent): string {
  switch (content.kind) {
    case 'email':
      return emailDrawing(content.html);
    case 'sms':
      return messageDrawing('', content.text, 0);
    case 'mms':
      return messageDrawing(content.subject, content.text, content.media.length);
  }
}
