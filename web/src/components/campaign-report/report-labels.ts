import type { TFunction } from 'i18next';

/** A provider's failure code (End User Messaging status, SES, a refusal at sending) as a sentence; an unknown code in a general one. */
export function failureText(t: TFunction, code: string): string {
  return t(`report.failure.${code}`, { defaultValue: t('report.failure.other', { code }) });
}

/** The provider's classification of a bounce (BOUNCE_CODES) as a sentence; an unknown one in a general one. */
export function bounceText(t: TFunction, code: string): string {
  return t(`report.bounceCode.${code}`, { defaultValue: t('report.bounceCode.other', { code }) });
}
