/** What a campaign's fields may hold (spec §5): lengths and counts, the name key, replica names, tags. */
import { MINUTE_MS } from '../constants.js';
import { normalizeName } from './text.js';

export const CAMPAIGN_LIMITS = {
  nameLength: 100,
  subjectLength: 200,
  preheaderLength: 200,
  senderNameLength: 100,
  tags: 10,
  tagLength: 30,
  /** Addresses on the paste-emails step; more go through upload-file. */
  pastedAddresses: 5000,
  /** The earliest a schedule may be, from now: a send a minute away is "send now". */
  scheduleLeadMs: 5 * MINUTE_MS,
  /** The latest a schedule may be, from now. */
  scheduleHorizonMs: 366 * 24 * 60 * MINUTE_MS,
} as const;

/** Trimmed and case-folded: names are unique per account and channel family in any case (spec §5). */
export function campaignNameKey(name: string): string {
  return name.trim().normalize('NFKC').toLocaleLowerCase('en');
}

/** A replica's name: "Name (copy)", then "Name (copy 2)", ... within the name length. */
export function replicaName(original: string, attempt: number): string {
  const suffix = attempt <= 1 ? ' (copy)' : ` (copy ${attempt})`;
  return original.slice(0, CAMPAIGN_LIMITS.nameLength - suffix.length) + suffix;
}

/** Tags: trimmed and in NFC, without empties or repeats (any case), in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = normalizeName(raw);
    const key = tag.toLocaleLowerCase('en');
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}
