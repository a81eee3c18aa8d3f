import type { TFunction } from 'i18next';

/** A provider's failure code (End User Messaging status, SES, a refusal at sending) as a sentence; an unknown code in a general one. */
export function failureText(t: TFunction, code: string): string {
  return t(`report.failure.${code}`, { defaultValue: t('report.failure.other', { code }) });
}
