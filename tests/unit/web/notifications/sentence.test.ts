/** Notifications rendered as sentences (spec §3): values, 'You' for the reader, vocabulary, languages. */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../shared/constants.js';
import type { TNotification } from '../../../../shared/schemas/notifications.js';
import { noticeSentence, sentenceFormat } from '../../../../web/src/notifications/sentence.js';

const READER = 'user-reader';
const ann = { id: 'user-ann', fullname: 'Ann Lee' };
const me = { id: READER, fullname: 'Reader Self' };

const instance = i18next.createInstance();

beforeAll(async () => {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { notifications: JSON.parse(readFileSync(new URL(`../../../../shared/locales/${language}/notifications.json`, import.meta.url), 'utf8')) as Record<string, string> },
    ]),
  );
  await instance.init({ resources, lng: 'en', fallbackLng: 'en', keySeparator: false, interpolation: { escapeValue: false } });
});

function notice(type: string, messageType: string, values: Record<string, unknown>): Pick<TNotification, 'type' | 'message'> {
  return { type, message: { type: messageType, values } };
}

function render(notification: Pick<TNotification, 'type' | 'message'>, language = 'en', timeZone = 'Asia/Hong_Kong'): string {
  const t: TFunction = instance.getFixedT(language, 'notifications');
  return noticeSentence(notification, { t, readerId: READER, format: sentenceFormat(language, timeZone) });
}

describe('noticeSentence', () => {
  it('fills the values of the message into its sentence', () => {
    // Act
    const sentence = render(notice('emailCampign', 'approved', { approver: ann, campName: 'Spring sale' }));

    // Assess
    expect(sentence).toBe('Ann Lee approved the email campaign “Spring sale”.');
  });

  it("shows the reader as 'You' at the start of a sentence and 'you' inside it", () => {
    expect(render(notice('emailCampign', 'approved', { approver: me, campName: 'Spring sale' }))).toBe('You approved the email campaign “Spring sale”.');
    expect(render(notice('templateShare', 'shared', { userName: ann, shareToUserName: me, templateName: 'Welcome' }))).toBe(
      'Ann Lee shared the template “Welcome” with you.',
    );
  });

  it('groups numbers the way the language does', () => {
    const sentence = render(notice('import', 'finished', { importName: 'Leads', numberOfRecords: 12500, numberOfErrors: 3 }));
    expect(sentence).toBe('The import “Leads” has finished. Records imported: 12,500; with errors: 3.');
  });

  it('translates roles and campaign types, which arrive as keys', () => {
    expect(render(notice('connection', 'roleChanged', { actionMaker: ann, dataUser: me, dataOwner: ann, oldRole: 'analyst', role: 'collaborator' }))).toBe(
      'Ann Lee changed the role of you on the account of Ann Lee from Analyst to Collaborator.',
    );
    expect(render(notice('smsCampaign', 'approved', { approver: ann, campName: 'Flash', campaignType: 'MMS' }), 'zh-HK')).toBe(
      'Ann Lee已批准多媒體短訊推廣活動「Flash」。',
    );
  });

  it("writes the scheduled start in the reader's time zone", () => {
    const values = { startedBy: me, campName: 'Launch', campStartTime: '2025-05-01T01:00:00Z' };
    expect(render(notice('emailCampign', 'scheduled', values), 'en', 'Asia/Hong_Kong')).toMatch(/^You scheduled the email campaign “Launch” for May 1, 2025, 9:00\sAM\.$/);
    expect(render(notice('emailCampign', 'scheduled', values), 'en', 'America/New_York')).toMatch(/for Apr 30, 2025, 9:00\sPM\.$/);
  });

  it('renders every language with regional wording', () => {
    const values = { numberOfCredits: 500 };
    expect(render(notice('creditReady', 'email', values), 'zh-CN')).toBe('500 个邮件点数已添加到您的账户。');
    expect(render(notice('creditReady', 'email', values), 'zh-HK')).toBe('500 個電郵點數已加入您的帳戶。');
    expect(render(notice('creditReady', 'email', values), 'zh-TW')).toBe('500 點電子郵件點數已加入您的帳號。');
    expect(render(notice('emailCampign', 'approved', { approver: me, campName: 'A' }), 'zh-TW')).toBe('您已核准電子郵件行銷活動「A」。');
  });

  it('falls back to a general sentence for a kind or message it does not know', () => {
    expect(render(notice('somethingNew', 'happened', {}))).toBe('You have a new notification.');
    expect(render(notice('import', 'exploded', {}))).toBe('You have a new notification.');
  });
});
