/**
 * A notification as a sentence in the reader's language, from the same catalogues the web app
 * uses (shared/locales/<lng>/notifications.json, keys `<type>.<messageType>`), for the
 * notification mail. Role keys and campaign types are translated with the catalogue's own
 * `role.*` and `campaignType.*` entries, and times are shown in the reader's time zone.
 */
import type { Language } from '../../../shared/constants.js';
import { interpolate, noticeValues } from '../../../shared/domain/notifications.js';
import en from '../../../shared/locales/en/notifications.json' with { type: 'json' };
import zhCN from '../../../shared/locales/zh-CN/notifications.json' with { type: 'json' };
import zhHK from '../../../shared/locales/zh-HK/notifications.json' with { type: 'json' };
import zhTW from '../../../shared/locales/zh-TW/notifications.json' with { type: 'json' };

const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = { en, 'zh-CN': zhCN, 'zh-HK': zhHK, 'zh-TW': zhTW };

/** Values named by the catalogue's translated vocabularies. */
const TRANSLATED_VALUES: Readonly<Record<string, string>> = { role: 'role', oldRole: 'role', campaignType: 'campaignType', guardReason: 'guardReason' };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export type SentenceInput = {
  type: string;
  messageType: string;
  values: Record<string, unknown>;
  /** The reader: users in the values who are the reader read 'you'. */
  readerId: string;
  language: Language;
  timeZone: string;
};

function localise(values: Record<string, unknown>, catalogue: Readonly<Record<string, string>>, language: Language, timeZone: string): Record<string, unknown> {
  const timeFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const vocabulary = TRANSLATED_VALUES[key];
      if (vocabulary && typeof value === 'string') return [key, catalogue[`${vocabulary}.${value}`] ?? value];
      if (typeof value === 'string' && ISO_TIME.test(value)) return [key, timeFormat.format(new Date(value))];
      return [key, value];
    }),
  );
}

/** The sentence of a notification; English when the reader's language lacks the message. */
export function notificationSentence(input: SentenceInput): string {
  const key = `${input.type}.${input.messageType}`;
  const catalogue = CATALOGUES[input.language];
  const template = catalogue[key] ?? CATALOGUES.en[key] ?? key;
  const values = noticeValues(localise(input.values, catalogue, input.language, input.timeZone), input.readerId, catalogue.you ?? CATALOGUES.en.you);
  const sentence = interpolate(template, values);
  // A sentence that starts with the reader ("you approved …") still starts with a capital.
  return sentence.charAt(0).toLocaleUpperCase(input.language) + sentence.slice(1);
}
