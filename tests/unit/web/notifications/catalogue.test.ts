/**
 * The sentence catalogue (shared/locales/<lng>/notifications.json) covers every notification kind
 * and message of shared/domain/notifications.ts in all four languages, with the same placeholders,
 * and only values of the kind's family (spec §3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, ROLE_IDS } from '../../../../shared/constants.js';
import { GUARD_REASONS } from '../../../../shared/domain/deliverability-guard.js';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, type NotificationType } from '../../../../shared/domain/notifications.js';

function catalogue(language: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../../../shared/locales/${language}/notifications.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]))].sort();
}

const CAMPAIGN = ['campName', 'campStartTime', 'totalNumberOfRecipients', 'remainNumberOfRecipients', 'sentNumberOfRecipients', 'campaignType', 'startedBy', 'approver'];
/** The deliverability guard's figures, on a campaign it paused. */
const GUARD = ['guardReason', 'guardRate', 'guardLimit', 'guardCount', 'guardSample'];
const DATA = ['importName', 'exportName', 'numberOfRecords', 'numberOfErrors'];
const CREDITS = ['numberOfCredits', 'sizeOfData', 'sizeOfStorage', 'days'];
const PLAN = ['planName', 'price'];
const TEAM = ['initiator', 'approver', 'newUserName', 'newUserEmail', 'teamName', 'actionMaker', 'modifiedUser', 'oldEmail', 'user', 'creditFrom', 'creditTo'];
const CONNECTION = ['actionMaker', 'dataOwner', 'dataUser', 'requester', 'role', 'oldRole'];
const SHARING = ['senderId', 'userName', 'shareToUserName', 'templateName', 'groupName', 'groupSize'];

/** The spec §3 value family each kind draws its placeholders from. */
const FAMILY: Record<NotificationType, string[]> = {
  emailCampign: [...CAMPAIGN, ...GUARD],
  smsCampaign: [...CAMPAIGN, ...GUARD],
  import: DATA,
  export: DATA,
  creditReady: CREDITS,
  payAsYouGoExpiryWarning: CREDITS,
  payAsYouGoExpired: CREDITS,
  storageLimit: CREDITS,
  contactLimit: CREDITS,
  paymentError: PLAN,
  paymentReminder: PLAN,
  teamAdminApprove: TEAM,
  teamAdminInform: TEAM,
  outsiderApprove: TEAM,
  teamResourceAllocation: TEAM,
  connection: CONNECTION,
  // Spec §3 "Verification": a sender ID also carries senderIdForceReverifyEndTime.
  smsIdentity: [...SHARING, 'senderIdForceReverifyEndTime'],
  templateShare: SHARING,
  // Not in spec §3 (issue 19): the endpoint's address.
  webhook: ['url'],
};

const keys = NOTIFICATION_TYPES.flatMap((type) => NOTIFICATION_MESSAGES[type].map((message) => ({ type, key: `${type}.${message}` })));

describe('notification sentence catalogue', () => {
  const english = catalogue('en');

  it.each(LANGUAGES)('%s: a sentence for every kind and message, with the English placeholders', (language) => {
    // Prepare
    const sentences = catalogue(language);

    // Assess
    for (const { key } of keys) {
      expect(sentences[key]?.trim(), `${language} ${key}`).toBeTruthy();
      expect(placeholders(sentences[key] ?? ''), `${language} ${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it.each(keys)('$key uses only values of its family', ({ type, key }) => {
    for (const name of placeholders(english[key] ?? '')) expect(FAMILY[type], `${key}: {{${name}}}`).toContain(name);
  });

  it.each(LANGUAGES)('%s: words the reader, the fallback, every role and every campaign type', (language) => {
    const sentences = catalogue(language);
    for (const key of ['you', 'fallback', ...Object.keys(ROLE_IDS).map((role) => `role.${role}`), 'campaignType.Email', 'campaignType.SMS', 'campaignType.MMS', ...GUARD_REASONS.map((reason) => `guardReason.${reason}`)]) {
      expect(sentences[key]?.trim(), `${language} ${key}`).toBeTruthy();
    }
  });

  it('has nothing beyond the sentences and their vocabulary', () => {
    const known = new Set(keys.map(({ key }) => key));
    const extra = Object.keys(english).filter((key) => !known.has(key) && !/^(you|fallback|role\.\w+|campaignType\.\w+|guardReason\.\w+)$/.test(key));
    expect(extra).toEqual([]);
  });

  it('writes user values where "you" reads naturally: never followed by a verb agreeing with he or she', () => {
    // "you has", "you is", "you was", "you wants" would be wrong; the past tense agrees with both.
    const users = ['startedBy', 'approver', 'initiator', 'actionMaker', 'modifiedUser', 'dataOwner', 'dataUser', 'requester', 'userName', 'shareToUserName', 'creditFrom', 'creditTo'];
    for (const { key } of keys) {
      for (const user of users) expect(english[key], key).not.toMatch(new RegExp(`\\{\\{${user}\\}\\}('s| (has|is|was|wants|needs)\\b)`));
    }
  });
});
