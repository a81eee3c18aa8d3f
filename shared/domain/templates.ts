/**
 * Rules of templates (spec §2.1 /templates, §4 "Edit locking", §8 TPL-SAV-01): their limits, the
 * name rules, "Copy of" naming, who holds the edit lock, and the content size cap. Pure; the
 * services apply them and the web app can check a form with the same functions.
 */
import { SECOND_MS } from '../constants.js';
import { AppError, ERROR_CODES } from '../errors.js';
import type { TTemplateContent } from '../schemas/templates.js';

const MIB = 1024 * 1024;

/**
 * Sizes chosen so one save fits Lambda's 6 MB request payload: API Gateway puts the JSON body into
 * the Lambda event as a string, escaping it again, which can grow quote-heavy JSON by half.
 */
export const TEMPLATE_LIMITS = {
  nameLength: 100,
  /** UTF-8 bytes of an email template's HTML. */
  htmlBytes: 2 * MIB,
  /** UTF-8 bytes of the whole content as stored (JSON): HTML plus the drag-and-drop project. */
  contentBytes: 3 * MIB,
  /** Ten concatenated GSM-7 parts; the segment count itself is the campaign's concern. */
  smsTextLength: 1600,
  /** End User Messaging's SendMediaMessage body (the subject, when there is one, is its first line). */
  mmsTextLength: 1600,
  mmsSubjectLength: 80,
  mmsMedia: 10,
  mediaUrlLength: 2048,
  /** Templates one bulk delete names: one DynamoDB transaction holds two items per template. */
  bulkIds: 50,
  /** The JSON body of a create or save (the content plus a name); the routes' own cap (functions/routes.ts). */
  requestBodyBytes: 3.5 * MIB,
  /** Characters of message text a list shows. */
  snippetLength: 100,
} as const;

/** Characters a message's text may have: an MMS subject is the body's first line (docs/decisions.md "SMS channel") and takes its share of the service's limit. */
export function messageTextLimit(kind: 'sms' | 'mms', subject: string): number {
  if (kind === 'sms') return TEMPLATE_LIMITS.smsTextLength;
  return TEMPLATE_LIMITS.mmsTextLength - (subject ? subject.length + 1 : 0);
}

/**
 * Edit lock timing: the editor renews every heartbeat, the lock lapses a lease after the last
 * renewal, so a closed browser frees the template within a minute without any "unlock" call.
 */
export const EDIT_LOCK = { leaseMs: 60 * SECOND_MS, heartbeatMs: 20 * SECOND_MS } as const;

/** Template names are unique per account regardless of case, surrounding spaces and Unicode form. */
export function templateNameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/**
 * The name of the `attempt`-th copy of a template: "Copy of X", then "Copy of X (2)", ... The
 * original is shortened (never the suffix) so the result stays within the name limit.
 */
export function copyName(original: string, attempt: number): string {
  const prefix = 'Copy of ';
  const suffix = attempt <= 1 ? '' : ` (${attempt})`;
  const room = TEMPLATE_LIMITS.nameLength - prefix.length - suffix.length;
  // Array.from counts code points, so a cut never splits a surrogate pair.
  const base = Array.from(original.trim()).slice(0, room).join('').trimEnd();
  return `${prefix}${base}${suffix}`;
}

/** An edit lock as stored: who holds it and until when (epoch ms). */
export type EditLockHolder = { loginTuid: string; name: string; expiresAt: number };

/** A lock as the API shows it (templates and campaigns): the expiry as an ISO instant. */
export function toApiEditLock(lock: EditLockHolder): { loginTuid: string; name: string; expiresAt: string } {
  return { loginTuid: lock.loginTuid, name: lock.name, expiresAt: new Date(lock.expiresAt).toISOString() };
}

/** The lock that counts at `now`: an expired one is nobody's. */
export function liveEditLock(lock: EditLockHolder | null, now: Date): EditLockHolder | null {
  return lock && lock.expiresAt > now.getTime() ? lock : null;
}

/** Whose the template is for editing at `now`, seen by `loginTuid`. */
export function editLockStateOf(lock: EditLockHolder | null, loginTuid: string, now: Date): 'free' | 'mine' | 'other' {
  const live = liveEditLock(lock, now);
  if (!live) return 'free';
  return live.loginTuid === loginTuid ? 'mine' : 'other';
}

/** The spec's Access Denied for a template someone else is editing, naming the editor (spec §8). */
export function beingModifiedError(lock: EditLockHolder, record: 'template' | 'campaign' = 'template'): AppError {
  return new AppError(ERROR_CODES.BEING_MODIFIED, `${lock.name || 'Another user'} is editing this ${record}.`, { lockedBy: lock.name || 'Another user' });
}

/** Refuses a change while another user holds a live lock (rename, delete: no lock of one's own needed). */
export function refuseIfLockedByOther(lock: EditLockHolder | null, loginTuid: string, now: Date, record: 'template' | 'campaign' = 'template'): void {
  const live = liveEditLock(lock, now);
  if (live && live.loginTuid !== loginTuid) throw beingModifiedError(live, record);
}

/** A save needs the caller's own live lock: another's is Access Denied, none means the session lapsed. */
export function requireOwnEditLock(lock: EditLockHolder | null, loginTuid: string, now: Date, record: 'template' | 'campaign' = 'template'): void {
  refuseIfLockedByOther(lock, loginTuid, now, record);
  if (editLockStateOf(lock, loginTuid, now) !== 'mine') {
    throw new AppError(ERROR_CODES.EDIT_LOCK_REQUIRED, `Open the ${record} for editing (take its edit lock) before saving.`);
  }
}

/** UTF-8 bytes of a string, without Buffer (this module also runs in the browser). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte code point: 2 + 2 over its two halves.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

function formatMiB(bytes: number): string {
  return `${Number((bytes / MIB).toFixed(1))} MB`;
}

/** Refuses content over the caps with a specific code, so the editor can say what is too big. */
export function checkTemplateContentSize(content: TTemplateContent): void {
  if (content.kind === 'email' && utf8Bytes(content.html) > TEMPLATE_LIMITS.htmlBytes) {
    throw new AppError(ERROR_CODES.TEMPLATE_TOO_LARGE, `The template's HTML is larger than ${formatMiB(TEMPLATE_LIMITS.htmlBytes)}.`);
  }
  // Measured as stored, escapes included: that is what a later save sends back.
  if (utf8Bytes(JSON.stringify(content)) > TEMPLATE_LIMITS.contentBytes) {
    throw new AppError(ERROR_CODES.TEMPLATE_TOO_LARGE, `The template is larger than ${formatMiB(TEMPLATE_LIMITS.contentBytes)} with its design.`);
  }
}

/** What a list shows of a message template's text; email templates show no text. */
export function templateSnippet(content: TTemplateContent): string | null {
  if (content.kind === 'email') return null;
  const text = content.text.replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, TEMPLATE_LIMITS.snippetLength).join('');
}
