/** Login emails are compared trimmed and lower-cased (spec §5: trimmed before sending). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A pragmatic address check: one @, a dotted domain, no spaces or control characters; the server's zod schema agrees. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(\.[^\s@.\p{Cc}]+)+$/u.test(email.trim()) && email.trim().length <= 254;
}

/** Well-known mailbox domains, for "did you mean …?" typo hints on email fields. */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com', 'yahoo.com', 'yahoo.com.hk', 'yahoo.com.tw', 'hotmail.com', 'outlook.com', 'live.com', 'icloud.com',
  'me.com', 'msn.com', 'aol.com', 'protonmail.com', 'qq.com', '163.com', '126.com', 'sina.com', 'netvigator.com',
  'hkbn.net', 'pchome.com.tw', 'hinet.net',
] as const;
