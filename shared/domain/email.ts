import isEmail from 'validator/lib/isEmail.js';

/**
 * validator.js's isEmail (RFC 5321/5322 syntax, published rules) with the options this product
 * sends through: Amazon SES takes 7-bit local parts only (no SMTPUTF8) and IDN domains as
 * Punycode, so a Unicode local part could never be delivered; quoted local parts are refused
 * (browsers' `input type=email` refuses them too, and in a file they are quoting gone wrong).
 */
const EMAIL_RULE = {
  allow_display_name: false,
  allow_utf8_local_part: false,
  allow_ip_domain: false,
  allow_underscores: false,
  require_tld: true,
  domain_specific_validation: false,
  ignore_max_length: false,
  blacklisted_chars: '"',
} as const;

// Invisible and separator characters pass isEmail's domain rule (any code point above U+00A0).
const INVISIBLE_OR_SEPARATOR = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Z}]/u;

/**
 * Emails are compared trimmed, in NFC and lower-cased (spec §5: trimmed before sending); an IDN
 * domain keeps the form it was written in (`münchen.de`), converted to Punycode only to send.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The one address rule of the API, the import worker and the web forms; spaces around the address are ignored. */
export function isValidEmail(email: string): boolean {
  const address = email.trim();
  return !INVISIBLE_OR_SEPARATOR.test(address) && isEmail(address, EMAIL_RULE);
}

/** Well-known mailbox domains, for "did you mean …?" typo hints on email fields. */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com', 'yahoo.com', 'yahoo.com.hk', 'yahoo.com.tw', 'hotmail.com', 'outlook.com', 'live.com', 'icloud.com',
  'me.com', 'msn.com', 'aol.com', 'protonmail.com', 'qq.com', '163.com', '126.com', 'sina.com', 'netvigator.com',
  'hkbn.net', 'pchome.com.tw', 'hinet.net',
] as const;
