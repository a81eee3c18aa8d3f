/** Login emails are compared trimmed and lower-cased (spec §5: trimmed before sending). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A pragmatic address check: one @, a dotted domain, no spaces; the server's zod schema agrees. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()) && email.trim().length <= 254;
}
