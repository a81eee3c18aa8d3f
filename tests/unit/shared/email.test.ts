import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '../../../shared/domain/email.js';
import { ZEmail } from '../../../shared/schemas/common.js';

const LOCAL_64 = 'a'.repeat(64);
const LABEL_63 = 'b'.repeat(63);

// [address, accepted, what the row shows]
const ADDRESSES: [string, boolean, string][] = [
  // Accepted
  ['user@example.com', true, 'plain'],
  ['first.last@example.com', true, 'dots between atoms'],
  ['user+tag@example.com', true, 'plus sign (sub-address)'],
  ['user+tag+more@example.co.uk', true, 'two plus signs, three-label domain'],
  ["o'brien@example.ie", true, 'apostrophe'],
  ['x!#$%&*/=?^`{|}~-@example.com', true, 'every other atext symbol'],
  ['UPPER@EXAMPLE.COM', true, 'upper case'],
  ['1234@example.com', true, 'digits only local part'],
  ['a@example.museum', true, 'long TLD'],
  ['a@sub-domain.example.com', true, 'hyphen inside a label'],
  ['a@1example.com', true, 'label starting with a digit'],
  ['user@münchen.de', true, 'IDN domain (Unicode)'],
  ['user@MÜNCHEN.DE', true, 'IDN domain in upper case'],
  ['user@xn--mnchen-3ya.de', true, 'IDN domain (Punycode)'],
  ['user@пример.рф', true, 'Cyrillic domain and TLD'],
  ['user@example.xn--p1ai', true, 'Punycode TLD'],
  ['user@例え.jp', true, 'CJK label'],
  ['user@香港.hk', true, 'Chinese label'],
  [`${LOCAL_64}@example.com`, true, 'local part of 64 characters'],
  [`a@${LABEL_63}.com`, true, 'domain label of 63 characters'],
  ['  user@example.com  ', true, 'spaces around the address are ignored'],
  ['\tuser@example.com\n', true, 'tab and line break around the address are ignored'],
  ['a@b.co', true, 'two-letter TLD'],
  // Refused: commas and separators
  ['x@inbox.example,com', false, 'comma in the domain after a dot'],
  ['x@example,com', false, 'comma instead of the dot'],
  ['x,y@example.com', false, 'comma in the local part'],
  ['a@example.com,b@example.com', false, 'two addresses with a comma'],
  ['a@example.com;b@example.com', false, 'two addresses with a semicolon'],
  ['a@example.com b@example.com', false, 'two addresses with a space'],
  // Refused: spaces and invisible characters
  ['john doe@example.com', false, 'space in the local part'],
  ['john@exam ple.com', false, 'space in the domain'],
  ['john@example.com\u00a0x', false, 'no-break space inside'],
  ['jo\u200bhn@example.com', false, 'zero-width space in the local part'],
  ['john@exa\u200bmple.com', false, 'zero-width space in the domain'],
  ['john@exa\u202emple.com', false, 'bidi override in the domain'],
  ['john@exa\u2028mple.com', false, 'line separator in the domain'],
  ['a\u0000@example.com', false, 'NUL'],
  ['a@exam\u0085ple.com', false, 'C1 control'],
  // Refused: dots
  ['john..doe@example.com', false, 'consecutive dots in the local part'],
  ['.john@example.com', false, 'leading dot in the local part'],
  ['john.@example.com', false, 'trailing dot in the local part'],
  ['john@example..com', false, 'consecutive dots in the domain'],
  ['john@.example.com', false, 'leading dot in the domain'],
  ['a@b.com.', false, 'trailing dot of a fully qualified domain'],
  // Refused: quoted local parts
  ['"john doe"@example.com', false, 'quoted local part with a space'],
  ['"john"@example.com', false, 'quoted local part without a space'],
  ['"john@doe"@example.com', false, 'quoted local part with an @'],
  ['john"doe@example.com', false, 'lone quote in the local part'],
  ['\\"john@example.com', false, 'backslash in the local part'],
  // Refused: domains
  ['a@[127.0.0.1]', false, 'IPv4 literal'],
  ['a@127.0.0.1', false, 'bare IPv4 address'],
  ['a@[IPv6:2001:db8::1]', false, 'IPv6 literal'],
  ['a@localhost', false, 'no TLD'],
  ['a@example', false, 'missing TLD'],
  ['a@example.c', false, 'one-letter TLD'],
  ['a@example.123', false, 'numeric TLD'],
  ['a@-example.com', false, 'label starting with a hyphen'],
  ['a@example-.com', false, 'label ending with a hyphen'],
  ['a@exa_mple.com', false, 'underscore in the domain'],
  ['a@ｅxample.com', false, 'full-width letter in the domain'],
  [`a@${LABEL_63}b.com`, false, 'domain label of 64 characters'],
  [`a@${`${LABEL_63}.`.repeat(4)}com`, false, 'address longer than 254 characters'],
  ['a@example.com/x', false, 'slash in the domain'],
  ['a@exa!mple.com', false, 'symbol in the domain'],
  // Refused: local parts and shape
  [`${LOCAL_64}a@example.com`, false, 'local part of 65 characters'],
  ['jöhn@example.com', false, 'Unicode local part (SES has no SMTPUTF8)'],
  ['用户@例子.中国', false, 'Unicode local part and domain'],
  ['john<doe@example.com', false, 'angle bracket in the local part'],
  ['John Doe <john@example.com>', false, 'display name'],
  ['mailto:john@example.com', false, 'mailto: scheme'],
  ['john(comment)@example.com', false, 'comment'],
  ['john@doe@example.com', false, 'two @ signs'],
  ['john@@example.com', false, 'doubled @'],
  ['@example.com', false, 'no local part'],
  ['john@', false, 'no domain'],
  ['john.example.com', false, 'no @'],
  ['', false, 'empty'],
  ['   ', false, 'blank'],
];

describe('the email address rule', () => {
  it('holds at least 60 forms, accepted and refused', () => {
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(60);
    expect(ADDRESSES.some(([, accepted]) => accepted)).toBe(true);
    expect(ADDRESSES.some(([, accepted]) => !accepted)).toBe(true);
  });

  it.each(ADDRESSES)('%j → %s (%s)', (address, accepted) => {
    expect(isValidEmail(address)).toBe(accepted);
    // The API's schema answers as the rule does
    expect(ZEmail.safeParse(address).success).toBe(accepted);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases, an IDN domain kept in the form it was written', () => {
    expect(normalizeEmail('  John.Doe@Example.COM ')).toBe('john.doe@example.com');
    expect(normalizeEmail('user@MÜNCHEN.DE')).toBe('user@münchen.de');
    expect(normalizeEmail('user@XN--MNCHEN-3YA.DE')).toBe('user@xn--mnchen-3ya.de');
  });

  it('composes decomposed characters, so one address has one form', () => {
    expect(normalizeEmail('user@mu\u0308nchen.de')).toBe('user@m\u00fcnchen.de');
  });
});
