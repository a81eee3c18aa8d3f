/** Wording of a rate-limit answer (OTH-RATE-01 with retryAfter seconds) on the public forms. */
import type { Translate } from './error-messages.js';

/** "in 5 minutes" / "5分钟后": Intl words the wait with the language's own plural rules. */
export function relativeWait(language: string, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return seconds < 60 ? format.format(Math.max(1, Math.ceil(seconds)), 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

export function retryAfterText(t: Translate, language: string, retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return t('errors:OTH-RATE-01');
  return t('auth:rateLimited', { when: relativeWait(language, retryAfterSeconds) });
}
