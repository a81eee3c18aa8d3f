import { describe, expect, it } from 'vitest';
import { guessColumnMapping, normalizeHeader } from '../../../shared/domain/import-mapping.js';

/** A new account's fields plus a few custom ones. */
const FIELDS = [
  { id: 'f1', name: 'First Name' },
  { id: 'f2', name: 'Last Name' },
  { id: 'f3', name: 'Birthday' },
  { id: 'f4', name: 'Member Rating' },
  { id: 'f5', name: '會員編號' },
];
const DEFAULT_FIELDS = FIELDS.slice(0, 2);

describe('normalizeHeader', () => {
  it('ignores case, spaces, punctuation, accents, full-width forms and remarks in brackets', () => {
    expect(['E-mail Address', 'EMAIL_ADDRESS', ' email  address ', 'Ｅｍａｉｌ Address', 'Email address (required)'].map(normalizeHeader)).toEqual(
      Array(5).fill('emailaddress'),
    );
    expect(normalizeHeader('Prénom')).toBe('prenom');
    expect(normalizeHeader('手機號碼（香港）')).toBe('手機號碼');
    expect(normalizeHeader('(optional)')).toBe('optional');
  });
});

describe('guessColumnMapping', () => {
  it('maps our own export headers', () => {
    const headers = ['Email', 'Mobile', 'First Name', 'Last Name', 'Email subscription', 'SMS subscription', 'Member Rating', '會員編號'];
    expect(guessColumnMapping(headers, FIELDS)).toEqual([
      'email', 'mobile', 'field:f1', 'field:f2', 'emailSubscribe', 'smsSubscribe', 'field:f4', 'field:f5',
    ]);
  });

  it('maps a Mailchimp audience export', () => {
    const headers = ['Email Address', 'First Name', 'Last Name', 'Address', 'Phone Number', 'Birthday', 'MEMBER_RATING', 'OPTIN_TIME', 'OPTIN_IP', 'TAGS'];
    expect(guessColumnMapping(headers, FIELDS)).toEqual([
      'email', 'field:f1', 'field:f2', null, 'mobile', 'field:f3', 'field:f4', null, null, null,
    ]);
  });

  it('maps Brevo exports in English and in French', () => {
    expect(guessColumnMapping(['CONTACT ID', 'EMAIL', 'FIRSTNAME', 'LASTNAME', 'SMS', 'EMAIL_BLACKLISTED'], DEFAULT_FIELDS)).toEqual([
      null, 'email', 'field:f1', 'field:f2', 'mobile', null,
    ]);
    expect(guessColumnMapping(['EMAIL', 'NOM', 'PRENOM', 'SMS'], DEFAULT_FIELDS)).toEqual(['email', 'field:f2', 'field:f1', 'mobile']);
  });

  it('maps common Chinese headers, traditional and simplified', () => {
    expect(guessColumnMapping(['電郵', '姓名', '手機'], DEFAULT_FIELDS)).toEqual(['email', 'field:f1', 'mobile']);
    expect(guessColumnMapping(['电子邮件', '姓', '名字', '手机号码'], DEFAULT_FIELDS)).toEqual(['email', 'field:f2', 'field:f1', 'mobile']);
    expect(guessColumnMapping(['手提電話', '電子郵件地址', '電郵訂閱', '短訊訂閱'], DEFAULT_FIELDS)).toEqual(['mobile', 'email', 'emailSubscribe', 'smsSubscribe']);
  });

  it('sends a full name to a "Name" field when the account has one, else to the first name', () => {
    const withName = [...DEFAULT_FIELDS, { id: 'f9', name: 'Name' }];
    expect(guessColumnMapping(['Email', 'Full Name'], withName)).toEqual(['email', 'field:f9']);
    expect(guessColumnMapping(['Email', 'Full Name'], DEFAULT_FIELDS)).toEqual(['email', 'field:f1']);
    // A real first-name column wins over the full name.
    expect(guessColumnMapping(['姓名', 'First name'], DEFAULT_FIELDS)).toEqual([null, 'field:f1']);
  });

  it('uses each target once: the strongest match, then the leftmost column', () => {
    expect(guessColumnMapping(['Email', 'E-mail', 'EMAIL ADDRESS'], DEFAULT_FIELDS)).toEqual(['email', null, null]);
    // "Phone" may be a landline; "Mobile" is surely the mobile, even further right.
    expect(guessColumnMapping(['Phone', 'Mobile'], DEFAULT_FIELDS)).toEqual([null, 'mobile']);
    // A custom field named exactly like the header beats a synonym of a primary target.
    expect(guessColumnMapping(['SMS', 'Mobile'], [{ id: 'f7', name: 'sms' }])).toEqual(['field:f7', 'mobile']);
  });

  it('leaves unknown and empty headers unmapped', () => {
    expect(guessColumnMapping(['', 'Favourite colour', 'Rating', '  '], DEFAULT_FIELDS)).toEqual([null, null, null, null]);
    expect(guessColumnMapping([], FIELDS)).toEqual([]);
  });
});
