/**
 * What a send needs before it goes: the wizard's parts, the free email credits left today, and why
 * a send returns to draft. Pure: no clock (callers pass `now`).
 */
import { FREE_DAILY_EMAIL_CREDITS } from '../constants.js';
import type { CampaignChannel } from './campaign-channels.js';
import { serviceDay } from './campaign-schedule.js';

/** Free email credits left today for a free account that used `used` on `day`. */
export function freeEmailCreditsLeft(account: { freeEmailDay: string | null; freeEmailUsed: number }, now: Date): number {
  const usedToday = account.freeEmailDay === serviceDay(now) ? account.freeEmailUsed : 0;
  return Math.max(0, FREE_DAILY_EMAIL_CREDITS - usedToday);
}

/** Why a send returns to draft (spec §4): shown on the campaign and in the backToDraft notice. */
export const DRAFT_REASONS = ['noRecipients', 'insufficientEmailCredits', 'insufficientSmsCredits', 'unverified', 'contentProblem', 'senderUnverified'] as const;
export type DraftReason = (typeof DRAFT_REASONS)[number];

/** What an email send needs from the wizard; the names are i18n keys under `campaigns.missing.`. */
export type MissingPart = 'recipients' | 'subject' | 'sender' | 'content';

function hasRecipients(selection: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] } | undefined, pasted: readonly string[] | undefined): boolean {
  return (selection?.includedGroup.length ?? 0) + (selection?.includedCampaign.length ?? 0) + (pasted?.length ?? 0) > 0;
}

/** The parts an email campaign's command still lacks before it can be sent (empty when ready). */
export function missingForSend(command: {
  selection?: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] };
  pastedEmails?: readonly string[];
  subject?: string;
  senderEmail?: string;
  content?: { html: string };
}): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!hasRecipients(command.selection, command.pastedEmails)) missing.push('recipients');
  if (!command.subject?.trim()) missing.push('subject');
  if (!command.senderEmail?.trim()) missing.push('sender');
  if (!command.content?.html.trim()) missing.push('content');
  return missing;
}

/** The parts an SMS or MMS campaign's command still lacks: recipients, and a text (an MMS may carry media alone). */
export function missingForTextSend(
  channel: Exclude<CampaignChannel, 'email'>,
  command: { selection?: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] }; pastedNumbers?: readonly string[]; message?: string; content?: { components: readonly unknown[] } },
): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!hasRecipients(command.selection, command.pastedNumbers)) missing.push('recipients');
  const hasMedia = channel === 'mms' && (command.content?.components.length ?? 0) > 0;
  if (!command.message?.trim() && !hasMedia) missing.push('content');
  return missing;
}

/**
 * Visible text below which an email with images reads as "an image and little else", the shape
 * of image spam that filters hold back (docs/decisions.md "Image-heavy email"): a picture with a
 * line or two. Our starter layouts (one image, 289 to 355 characters) stay clear of it.
 */
export const MIN_TEXT_WITH_IMAGES = 250;

/** What the pre-send warning of an image-heavy email says: its images and its characters of visible text. */
export type ImageHeavyContent = { images: number; textCharacters: number };

const NOT_SHOWN = /<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const IMAGE_TAG = /<img\b/gi;
const MARKUP = /<[^>]*>/g;
// A personal value's length is unknown before sending: its tag counts as no text.
const TEMPLATE_TAG = /\{\{[\s\S]*?\}\}/g;
const SPACE_ENTITY = /&(nbsp|#160|#x0*a0);/gi;
const OTHER_ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/gi;

/**
 * The email's images and visible text when it has at least one image and fewer than
 * MIN_TEXT_WITH_IMAGES characters of text (whitespace runs count as one); null otherwise. The
 * open pixel is added at sending, so it is never counted here.
 */
export function imageHeavyContent(html: string): ImageHeavyContent | null {
  const shown = html.replace(NOT_SHOWN, ' ');
  const images = shown.match(IMAGE_TAG)?.length ?? 0;
  if (images === 0) return null;
  const text = shown.replace(MARKUP, ' ').replace(TEMPLATE_TAG, ' ').replace(SPACE_ENTITY, ' ').replace(OTHER_ENTITY, '&').replace(/\s+/g, ' ').trim();
  const textCharacters = [...text].length;
  return textCharacters < MIN_TEXT_WITH_IMAGES ? { images, textCharacters } : null;
}
