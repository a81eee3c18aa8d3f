/**
 * Keywords of replies to our SMS (two-way SMS): an opt-out keyword withdraws the number's consent
 * to campaign SMS; START and HELP are answered by End User Messaging itself (its keyword
 * responses) and change nothing here. A reply is a keyword when the whole reply is one, whatever
 * its case, spacing, hyphens, width (full-width letters) and surrounding punctuation: "Stop",
 * " s t o p ", "ＳＴＯＰ!" and "opt-out" are opt-outs, "stop sending me offers" is not (docs/decisions.md
 * "SMS channel"). Pure.
 */

/** The English keywords carriers and End User Messaging treat as opt-out, and the Chinese ones used in Hong Kong, Taiwan and China. */
export const SMS_OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', '退订', '退訂', '取消訂閱', '取消订阅', 'TD'] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;
export const SMS_HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type SmsKeyword = 'optOut' | 'optIn' | 'help';

const KEYWORDS = new Map<string, SmsKeyword>([
  ...SMS_OPT_OUT_KEYWORDS.map((word) => [word, 'optOut'] as const),
  ...SMS_OPT_IN_KEYWORDS.map((word) => [word, 'optIn'] as const),
  ...SMS_HELP_KEYWORDS.map((word) => [word, 'help'] as const),
]);

/** The text as keywords are compared: full-width folded, without spaces, hyphens or surrounding punctuation, upper case. */
function keywordForm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\-_]+/gu, '')
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
    .toUpperCase();
}

/** The keyword a reply is, or null for any other reply. */
export function smsKeywordOf(text: string): SmsKeyword | null {
  return KEYWORDS.get(keywordForm(text)) ?? null;
}
