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
