/**
 * RFC 5322 messages for campaign mail, built by hand: a campaign renders thousands of messages a
 * second, and a general MIME library spends most of that time on options a campaign never uses.
 * The message is multipart/alternative (text, then HTML: the last part is the preferred one), both
 * parts UTF-8 in base64 lines of 76 characters, headers in ASCII with RFC 2047 encoded words where
 * the text is not, and the one-click unsubscribe headers of RFC 8058 when a link is given.
 */
import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';

export type MimeAddress = { name: string; address: string };

export type MimeMessage = {
  from: MimeAddress;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Without angle brackets: `<unique>@<sender domain>`. */
  messageId: string;
  date: Date;
  /** The recipient's https unsubscribe link: List-Unsubscribe with one-click POST (RFC 8058). */
  unsubscribeUrl?: string;
  /** Gmail's feedback loop: `campaign:account:channel:sender` (shared/domain/sender-identities.ts feedbackIdOf). */
  feedbackId?: string;
};

const CRLF = '\r\n';
const BASE64_LINE = 76;
// An encoded word may be 75 characters; "=?UTF-8?B?" and "?=" take 12, leaving 63 of base64, i.e. 45 bytes.
const ENCODED_WORD_BYTES = 45;
const FOLD_AT = 78;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Characters a display name may hold without quoting (RFC 5322 atext and spaces).
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;

/** Encoded words (RFC 2047, B encoding) cut at character boundaries, folded one per line. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  let chunkBytes = 0;
  for (const char of text) {
    const bytes = Buffer.byteLength(char);
    if (chunkBytes + bytes > ENCODED_WORD_BYTES) {
      words.push(chunk);
      chunk = '';
      chunkBytes = 0;
    }
    chunk += char;
    chunkBytes += bytes;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(`${CRLF} `);
}

/** An unstructured header value (Subject): as is when short printable ASCII, else encoded words. */
export function encodeHeaderText(text: string, headerNameLength = 'Subject: '.length): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  if (PRINTABLE_ASCII.test(clean) && clean.length + headerNameLength <= FOLD_AT) return clean;
  return encodedWords(clean);
}

/** An address as SES takes it (7-bit ASCII, no SMTPUTF8): an IDN domain in Punycode, the rest as is. */
export function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : domainToASCII(address.slice(at + 1));
  return domain === '' ? address : `${address.slice(0, at + 1)}${domain}`;
}

/** `Name <address>`; the name quoted or encoded as it needs. Line breaks are never let through. */
export function formatAddress({ name, address }: MimeAddress): string {
  const cleanName = name.replace(/[\r\n]+/g, ' ').trim();
  const cleanAddress = asciiAddress(address.replace(/[\r\n<>\s]+/g, ''));
  if (cleanName === '') return cleanAddress;
  if (PLAIN_PHRASE.test(cleanName)) return `${cleanName} <${cleanAddress}>`;
  if (PRINTABLE_ASCII.test(cleanName)) return `"${cleanName.replace(/(["\\])/g, '\\$1')}" <${cleanAddress}>`;
  return `${encodedWords(cleanName)} <${cleanAddress}>`;
}

function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += BASE64_LINE) lines.push(encoded.slice(i, i + BASE64_LINE));
  return lines.join(CRLF);
}

// Boundaries need only be unique within a message and absent from base64 text ('=' and '_' never occur in a base64 line's body).
const boundaryPrefix = `=_${randomBytes(6).toString('hex')}_`;
let boundaryCount = 0;

/** The whole message, CRLF line ends, ready for SES's raw content or an SMTP DATA. */
export function buildMimeMessage(message: MimeMessage): string {
  boundaryCount = (boundaryCount + 1) % Number.MAX_SAFE_INTEGER;
  const boundary = `${boundaryPrefix}${boundaryCount.toString(36)}`;
  const headers = [
    `From: ${formatAddress(message.from)}`,
    `To: ${formatAddress({ name: '', address: message.to })}`,
    ...(message.replyTo ? [`Reply-To: ${formatAddress({ name: '', address: message.replyTo })}`] : []),
    `Subject: ${encodeHeaderText(message.subject)}`,
    `Date: ${message.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${message.messageId}>`,
    'MIME-Version: 1.0',
    ...(message.unsubscribeUrl ? [`List-Unsubscribe: <${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click'] : []),
    ...(message.feedbackId ? [`Feedback-ID: ${message.feedbackId.replace(/[^\x21-\x7e]/g, '')}`] : []),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    `--${boundary}${CRLF}Content-Type: ${type}; charset=UTF-8${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${base64Lines(body)}${CRLF}`;
  return `${headers.join(CRLF)}${CRLF}${CRLF}${part('text/plain', message.text)}${part('text/html', message.html)}--${boundary}--${CRLF}`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The preheader as the first, hidden text of the body: inbox lists show it after the subject,
 * the opened message does not. Applied once to the template, before recipients are rendered.
 */
export function withPreheader(html: string, preheader: string | undefined): string {
  if (!preheader?.trim()) return html;
  const hidden = `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeText(preheader.trim())}</div>`;
  const bodyOpen = /<body[^>]*>/i.exec(html);
  if (!bodyOpen) return hidden + html;
  const at = bodyOpen.index + bodyOpen[0].length;
  return html.slice(0, at) + hidden + html.slice(at);
}

/**
 * The head every campaign message carries, as email-safe templates do: no reformatting or
 * auto-linking by Apple Mail and iOS, light and dark schemes declared, a reset for Outlook's
 * table spacing and image scaling, and a single column on narrow screens. Its bytes count toward
 * the 3,200 under which SpamAssassin's HTML_IMAGE_ONLY rules score an HTML part with any image
 * (the open pixel included): a laid-out message clears them, a message of a line or two does not
 * (docs/decisions.md "Image-heavy email").
 */
const EMAIL_HEAD =
  '<meta name="x-apple-disable-message-reformatting">' +
  '<meta name="format-detection" content="telephone=no,address=no,email=no,date=no,url=no">' +
  '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">' +
  '<!--[if mso]><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml><![endif]-->' +
  '<style type="text/css">' +
  'html,body{margin:0 auto!important;padding:0!important;width:100%!important;height:100%!important}' +
  'body,table,td,a{-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}' +
  'table,td{mso-table-lspace:0pt!important;mso-table-rspace:0pt!important}' +
  'table{border-spacing:0!important;border-collapse:collapse!important;table-layout:fixed!important;margin:0 auto!important}' +
  'img{-ms-interpolation-mode:bicubic;border:0;outline:none;text-decoration:none}' +
  'a[x-apple-data-detectors],u+#body a,#MessageViewBody a{color:inherit!important;text-decoration:none!important;font-size:inherit!important;font-family:inherit!important;font-weight:inherit!important;line-height:inherit!important}' +
  '@media screen and (max-width:600px){table[width="600"],td[width="50%"]{width:100%!important;max-width:100%!important}td[width="50%"]{display:block!important;padding-left:0!important;padding-right:0!important}img{height:auto!important;max-width:100%!important}}' +
  '</style>';
const HAS_EMAIL_HEAD = /x-apple-disable-message-reformatting/i;

/** The message as a whole HTML document with EMAIL_HEAD in its head; applied once to the template. */
export function withEmailHead(html: string): string {
  if (HAS_EMAIL_HEAD.test(html)) return html;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + EMAIL_HEAD + html.slice(head.index + head[0].length);
  const root = /<html[^>]*>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + `<head>${EMAIL_HEAD}</head>` + html.slice(root.index + root[0].length);
  return `<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">${EMAIL_HEAD}</head><body>${html}</body></html>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const ALT_TEXT = /(?:^|\s)alt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** An image as text readers get it (the lynx and html-to-text convention): `[alt text]` on its own line, nothing when it has none (decoration, the open pixel). */
function imageAsText(tag: string): string {
  const alt = ALT_TEXT.exec(tag);
  const text = (alt?.[1] ?? alt?.[2] ?? '').trim();
  return text === '' ? '' : `\n[${text}]\n`;
}

/**
 * The plain-text alternative of an HTML message: block ends become line breaks, an image its alt
 * text, a link `label (address)` (a linked image labelled by its alt text), markup and hidden
 * parts go. Template tags pass through untouched, so the text is compiled and personalised like
 * the HTML.
 */
export function textFromHtml(html: string): string {
  return html
    .replace(/<(head|style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<div[^>]*display:\s*none[^>]*>[\s\S]*?<\/div>/gi, '')
    .replace(/<img\b[^>]*>/gi, imageAsText)
    .replace(/<a\b[^>]*href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text === '' || text === href ? href : `${text} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table|blockquote)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
