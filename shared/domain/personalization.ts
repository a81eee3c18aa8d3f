/**
 * Personalisation tags of email and SMS templates, and the compiled renderer that fills them in.
 *
 * Syntax (the double braces Brevo, Liquid and Handlebars users already type):
 *   {{ email }}, {{ mobile }}                    the contact's primary fields
 *   {{ field:f3 }}                               a custom field by its id (a rename keeps it working)
 *   {{ field:f1 | there }}                       with a fallback, used when the contact has no value
 *   {{ unsubscribe_url }}, {{ online_version_url }}   the recipient's own links
 * Whitespace inside the braces, around `|` and around `:` is ignored; names are lower case. The
 * fallback is everything after the first `|`, trimmed. It is template text, so it is written as
 * the author wrote it (in HTML, the author's own markup); contact values and links are escaped.
 * A `{{` that opens no well-formed tag is reported to the author and never sent as is; a lone
 * `}}` is ordinary text (CSS media queries end with one).
 *
 * Compiling splits a template once into literal chunks and value slots, with click tracking and
 * the open pixel already applied, so rendering for one recipient is only a join of strings. Pure
 * and isomorphic: the editor's preview and the send worker run the same code.
 */
import type { TFieldSchema, TFieldValue } from '../schemas/contacts.js';
import type { ContactRecord } from './contacts.js';

export const PRIMARY_TAGS = ['email', 'mobile'] as const;
export const LINK_TAGS = ['unsubscribe_url', 'online_version_url'] as const;
export type TemplateTagName = (typeof PRIMARY_TAGS)[number] | (typeof LINK_TAGS)[number] | `field:${string}`;

/** A tag of a template; `start`/`end` are offsets of its braces in the text, `fallback` is '' when none. */
export type TemplateTag = { name: TemplateTagName; fallback: string; start: number; end: number };

/** What is wrong with a tag; the editor words the code in the user's language and marks `start`..`end`. */
export type TemplateTagProblemCode = 'unclosedTag' | 'emptyTag' | 'unknownTag' | 'unknownField';
export type TemplateTagProblem = { code: TemplateTagProblemCode; start: number; end: number; text: string };

/**
 * Where the recipient's tracking token goes in a URL returned by `trackLink` or given as
 * `openPixelUrl`. Only the compiler reads it: in a template it is an unknown tag.
 */
export const TRACKING_TOKEN = '{{ tracking_token }}';
const TRACKING_TOKEN_NAME = 'tracking_token';

type SlotName = TemplateTagName | typeof TRACKING_TOKEN_NAME;
type ScannedTag = { name: SlotName; fallback: string; start: number; end: number };

const FIELD_TAG = /^field\s*:\s*([A-Za-z0-9_-]{1,64})$/;
// A problem's text shows at most this much of what follows an unclosed `{{`.
const UNCLOSED_EXCERPT = 40;

const KEYWORD_TAGS = [...PRIMARY_TAGS, ...LINK_TAGS];

function slotNameOf(written: string, allowTrackingToken: boolean): SlotName | null {
  const keyword = KEYWORD_TAGS.find((name) => name === written);
  if (keyword) return keyword;
  if (allowTrackingToken && written === TRACKING_TOKEN_NAME) return TRACKING_TOKEN_NAME;
  const field = FIELD_TAG.exec(written);
  return field ? `field:${field[1]}` : null;
}

function scanTags(text: string, allowTrackingToken: boolean): { tags: ScannedTag[]; problems: TemplateTagProblem[] } {
  const tags: ScannedTag[] = [];
  const problems: TemplateTagProblem[] = [];
  let from = 0;
  for (let open = text.indexOf('{{'); open !== -1; open = text.indexOf('{{', from)) {
    const close = text.indexOf('}}', open + 2);
    const nextOpen = text.indexOf('{{', open + 2);
    // A tag never holds another `{{`: the first one is unfinished and the scan resumes at the next.
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      const end = Math.min(nextOpen === -1 ? text.length : nextOpen, open + UNCLOSED_EXCERPT);
      problems.push({ code: 'unclosedTag', start: open, end, text: text.slice(open, end) });
      from = open + 2;
      continue;
    }
    const end = close + 2;
    const inner = text.slice(open + 2, close);
    const bar = inner.indexOf('|');
    const written = (bar === -1 ? inner : inner.slice(0, bar)).trim();
    const name = slotNameOf(written, allowTrackingToken);
    if (written === '') problems.push({ code: 'emptyTag', start: open, end, text: text.slice(open, end) });
    else if (name === null) problems.push({ code: 'unknownTag', start: open, end, text: text.slice(open, end) });
    else tags.push({ name, fallback: bar === -1 ? '' : inner.slice(bar + 1).trim(), start: open, end });
    from = end;
  }
  return { tags, problems };
}

const isTemplateTag = (tag: ScannedTag): tag is TemplateTag => tag.name !== TRACKING_TOKEN_NAME;

/**
 * The tags a template uses, in order, and what is wrong with it. With the account's `fields`, a
 * tag naming a field that does not exist (any more) is also a problem.
 */
export function parseTemplateTags(
  text: string,
  options: { fields?: readonly TFieldSchema[] } = {},
): { tags: TemplateTag[]; problems: TemplateTagProblem[] } {
  const { tags, problems } = scanTags(text, false);
  const templateTags = tags.filter(isTemplateTag);
  if (options.fields) {
    const known = new Set(options.fields.map((field) => `field:${field.id}`));
    for (const tag of templateTags) {
      if (tag.name.startsWith('field:') && !known.has(tag.name)) {
        problems.push({ code: 'unknownField', start: tag.start, end: tag.end, text: text.slice(tag.start, tag.end) });
      }
    }
    problems.sort((a, b) => a.start - b.start);
  }
  return { tags: templateTags, problems };
}

/** A tag as the "insert tag" menu writes it. */
export function formatTemplateTag(name: TemplateTagName, fallback = ''): string {
  return fallback === '' ? `{{ ${name} }}` : `{{ ${name} | ${fallback} }}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;

/** Safe in element text and in quoted attribute values alike. */
export function escapeHtml(text: string): string {
  // Most values (names, numbers) have nothing to escape; testing first skips the replace.
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (special) => HTML_ESCAPES[special]) : text;
}

const ATTRIBUTE_ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// An href as written in HTML (`?a=1&amp;b=2`) is not the URL a browser follows (`?a=1&b=2`).
function decodeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_ENTITY, (entity, decimal: string | undefined, hex: string | undefined, named: string | undefined) => {
    if (named) return NAMED_ENTITIES[named.toLowerCase()];
    const codePoint = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

// A start tag of <a>, its quoted attribute values allowed to hold `>`.
const ANCHOR_START_TAG = /<a\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTRIBUTE = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const TRACKABLE_URL = /^https?:\/\//i;

export type TrackedLink = { index: number; url: string };

// A bare URL in text: up to whitespace, quotes, angle brackets or a tag's brace.
const TEXT_URL = /https?:\/\/[^\s<>"'{}]+/gi;
// Punctuation that ends a sentence rather than the URL it follows.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * Points every bare http(s) URL of a plain text (an SMS) at the click tracker. A URL that runs into
 * a tag is left alone, as in HTML: its destination differs per recipient.
 */
function trackTextLinks(text: string, trackLink: (url: string, index: number) => string, trackedLinks: TrackedLink[]): string {
  return text.replace(TEXT_URL, (match, offset: number) => {
    if (text.startsWith('{{', offset + match.length)) return match;
    const url = match.replace(TRAILING_PUNCTUATION, '');
    const index = trackedLinks.length;
    trackedLinks.push({ index, url });
    return trackLink(url, index) + match.slice(url.length);
  });
}

/**
 * Points every http(s) link of the HTML at the click tracker. A link whose address holds a tag is
 * left alone: its destination differs per recipient (and the unsubscribe and online-version links
 * are tags), while a tracked link stands for one destination.
 */
function trackLinks(html: string, trackLink: (url: string, index: number) => string, trackedLinks: TrackedLink[]): string {
  return html.replace(ANCHOR_START_TAG, (anchor) => {
    for (const attribute of anchor.matchAll(ATTRIBUTE)) {
      if (attribute[1].toLowerCase() !== 'href') continue;
      const written = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      const url = decodeAttribute(written).trim();
      if (written.includes('{{') || !TRACKABLE_URL.test(url)) return anchor;
      const index = trackedLinks.length;
      trackedLinks.push({ index, url });
      const start = attribute.index ?? 0;
      const rewritten = ` ${attribute[1]}="${escapeHtml(trackLink(url, index))}"`;
      return anchor.slice(0, start) + rewritten + anchor.slice(start + attribute[0].length);
    }
    return anchor;
  });
}

const BODY_END_TAG = /<\/body\s*>/gi;

function withOpenPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${escapeHtml(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  let bodyEnd = -1;
  for (const match of html.matchAll(BODY_END_TAG)) bodyEnd = match.index ?? -1;
  return bodyEnd === -1 ? html + pixel : html.slice(0, bodyEnd) + pixel + html.slice(bodyEnd);
}

/** What one recipient brings to a render: their contact and their own links. */
export type TemplateRecipient = Readonly<{
  contact: Readonly<Pick<ContactRecord, 'email' | 'mobile' | 'fields'>>;
  unsubscribeUrl?: string;
  onlineVersionUrl?: string;
  /** Replaces TRACKING_TOKEN in tracked links and the open pixel. */
  trackingToken?: string;
}>;

export type CompileTemplateOptions = Readonly<{
  /** The account's custom fields: choices render as their labels. */
  fields: readonly TFieldSchema[];
  /** 'html' for email HTML; 'none' for SMS and other plain text. */
  escape: 'html' | 'none';
  /**
   * The tracked address of the `index`-th (from 0, in document order) http(s) link; may hold
   * TRACKING_TOKEN. In HTML the links are the anchors' addresses; in plain text, the bare URLs.
   */
  trackLink?: (url: string, index: number) => string;
  /** Adds an open-tracking pixel with this address before `</body>` (or at the end); may hold TRACKING_TOKEN. */
  openPixelUrl?: string;
}>;

export type CompiledTemplate = {
  /** The links `trackLink` rewrote, by index: what the click tracker redirects to. */
  trackedLinks: readonly TrackedLink[];
  render(recipient: TemplateRecipient): string;
};

type ValueReader = (recipient: TemplateRecipient) => string | null | undefined;
type Slot = { read: ValueReader; fallback: string };

/** Several choices of a multiple-choice field, as a reader expects them in a sentence. */
const CHOICE_SEPARATOR = ', ';

// Choices render as labels; a choice deleted since it was stored has no label and is left out.
function customFieldReader(field: TFieldSchema): ValueReader {
  if (field.type === 'singleChoice' || field.type === 'multipleChoice') {
    const labels = new Map(field.choices.map((choice) => [choice.id, choice.label]));
    return ({ contact }) => {
      const value: TFieldValue | undefined = contact.fields[field.id];
      const ids = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      return ids.flatMap((id) => labels.get(id) ?? []).join(CHOICE_SEPARATOR);
    };
  }
  return ({ contact }) => {
    const value: TFieldValue | undefined = contact.fields[field.id];
    return value === undefined || Array.isArray(value) ? undefined : String(value);
  };
}

function valueReader(name: SlotName, fieldsById: ReadonlyMap<string, TFieldSchema>): ValueReader {
  switch (name) {
    case 'email':
      return ({ contact }) => contact.email;
    case 'mobile':
      return ({ contact }) => contact.mobile;
    case 'unsubscribe_url':
      return (recipient) => recipient.unsubscribeUrl;
    case 'online_version_url':
      return (recipient) => recipient.onlineVersionUrl;
    case TRACKING_TOKEN_NAME:
      return (recipient) => recipient.trackingToken;
    default: {
      const field = fieldsById.get(name.slice('field:'.length));
      // A field deleted since the template was written has no values: the fallback shows.
      return field ? customFieldReader(field) : () => undefined;
    }
  }
}

const noEscape = (text: string) => text;

/**
 * A template that cannot be compiled, with the first problem. Its own class rather than an
 * AppError, so the editors' chunks do not pull the server's error class into the browser's
 * entry; a service turns it into the API's INVALID_INPUT answer.
 */
export class TemplateCompileError extends Error {
  constructor(readonly problem: TemplateTagProblem) {
    super(`Template tag problem (${problem.code}) at ${problem.start}: ${problem.text}`);
    this.name = 'TemplateCompileError';
  }
}

/**
 * Compiles a template for sending: checks its tags (a TemplateCompileError naming the first
 * problem), rewrites its links for click tracking, adds the open pixel, and splits it into literal
 * chunks and value slots once, so `render` is a join of strings per recipient.
 */
export function compileTemplate(template: string, options: CompileTemplateOptions): CompiledTemplate {
  const [problem] = scanTags(template, false).problems;
  if (problem) throw new TemplateCompileError(problem);

  const trackedLinks: TrackedLink[] = [];
  const track = options.escape === 'html' ? trackLinks : trackTextLinks;
  let text = options.trackLink ? track(template, options.trackLink, trackedLinks) : template;
  if (options.openPixelUrl !== undefined) text = withOpenPixel(text, options.openPixelUrl);

  const { tags, problems } = scanTags(text, true);
  // Only the tracking addresses were added since the check: a problem now is the caller's.
  if (problems[0]) throw new TemplateCompileError(problems[0]);

  const fieldsById = new Map(options.fields.map((field) => [field.id, field]));
  const literals: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const tag of tags) {
    literals.push(text.slice(from, tag.start));
    slots.push({ read: valueReader(tag.name, fieldsById), fallback: tag.fallback });
    from = tag.end;
  }
  literals.push(text.slice(from));

  const escapeValue = options.escape === 'html' ? escapeHtml : noEscape;
  return {
    trackedLinks,
    render(recipient) {
      let output = literals[0];
      for (let i = 0; i < slots.length; i += 1) {
        const slot = slots[i];
        const value = slot.read(recipient);
        output += value === null || value === undefined || value === '' ? slot.fallback : escapeValue(value);
        output += literals[i + 1];
      }
      return output;
    },
  };
}
