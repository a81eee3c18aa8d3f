/** The contact form's checks, request and error placement (web/src/routes/contacts/contact-form-model.ts). */
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TContactDetailsResponse, TFieldSchema } from '../../../../shared/schemas/contacts.js';
import {
  contactFormFromDetails,
  emptyContactForm,
  formFieldOfError,
  toContactInput,
  validateContactForm,
  type ContactFormValues,
} from '../../../../web/src/routes/contacts/contact-form-model.js';
import { englishTranslate } from './translate.js';

const schemas: TFieldSchema[] = [
  { id: 'f1', name: 'First Name', type: 'text', choices: [], createTime: '' },
  { id: 'f3', name: 'Age', type: 'number', choices: [], createTime: '' },
  { id: 'f4', name: 'Birthday', type: 'date', choices: [], createTime: '' },
  { id: 'f5', name: 'Level', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }], createTime: '' },
  { id: 'f6', name: 'Topics', type: 'multipleChoice', choices: [{ id: 'c1', label: 'News' }, { id: 'c2', label: 'Offers' }], createTime: '' },
];

let t: TFunction;
beforeAll(async () => {
  t = await englishTranslate();
});

const form = (change: Partial<ContactFormValues>): ContactFormValues => ({ ...emptyContactForm('HK'), ...change });
const check = (values: ContactFormValues) => validateContactForm(values, schemas, t, { email: 'Email' });

describe('validateContactForm', () => {
  it('needs an email or a mobile number', () => {
    expect(check(form({}))).toEqual({ email: 'A contact needs an email or a mobile number.' });
    expect(check(form({ mobile: '9123 4567' }))).toEqual({});
    expect(check(form({ email: 'ada@example.com' }))).toEqual({});
  });

  it('words a bad email, an invalid phone, a non-number and an impossible date (spec §5)', () => {
    const errors = check(form({ email: 'ada@', mobile: '12345', fields: { f3: 'forty', f4: '2025-02-30' } }));
    expect(errors).toEqual({
      email: 'Email must be a valid email.',
      mobile: 'Invalid Phone Number.',
      'field:f3': 'Must be a number.',
      'field:f4': 'Please enter a valid date.',
    });
  });

  it('reads a national number in the chosen country, an international one in its own', () => {
    expect(check(form({ mobile: '9123 4567', mobileCountry: 'HK' })).mobile).toBeUndefined();
    expect(check(form({ mobile: '9123 4567', mobileCountry: 'GB' })).mobile).toBe('Invalid Phone Number.');
    expect(check(form({ mobile: '+44 7400 123456', mobileCountry: 'HK' })).mobile).toBeUndefined();
    // A landline cannot receive SMS.
    expect(check(form({ mobile: '2123 4567', mobileCountry: 'HK' })).mobile).toBe('Invalid Phone Number.');
  });
});

describe('toContactInput', () => {
  const values = form({ email: ' ada@example.com ', mobile: '9123 4567', fields: { f1: ' Ada ', f3: '42.5', f4: '', f5: 'c1', f6: [] }, groupIds: ['g1'] });

  it('sends a new contact only the values it has', () => {
    expect(toContactInput(values, schemas, { isEdit: false, withGroups: true })).toEqual({
      email: 'ada@example.com',
      mobile: '9123 4567',
      mobileCountry: 'HK',
      emailSubscribe: true,
      smsSubscribe: true,
      fields: { f1: 'Ada', f3: 42.5, f5: 'c1' },
      groupIds: ['g1'],
    });
  });

  it('clears the emptied values of an edited contact, and leaves memberships alone without group access', () => {
    const input = toContactInput({ ...values, mobile: '', email: 'ada@example.com' }, schemas, { isEdit: true, withGroups: false });
    expect(input).toEqual({
      email: 'ada@example.com',
      mobile: null,
      emailSubscribe: true,
      smsSubscribe: true,
      fields: { f1: 'Ada', f3: 42.5, f4: null, f5: 'c1', f6: null },
    });
  });
});

describe('contactFormFromDetails', () => {
  it('fills the form from a profile: the number written internationally in its own country', () => {
    const details: TContactDetailsResponse = {
      contact: {
        id: '7',
        primary: [
          { name: 'email', value: 'ada@example.com', subscribe: true, bounceStatus: 'none' },
          { name: 'mobile', value: '+447400123456', subscribe: false, bounceStatus: 'hard' },
        ],
        custom: [
          { name: 'f1', value: 'Ada' },
          { name: 'f3', value: 42 },
          { name: 'f6', value: ['c2'] },
        ],
        groups: [
          { id: 'g1', name: 'VIP', type: 'S' },
          { id: 'g2', name: 'Everyone in HK', type: 'D' },
        ],
        createTime: '',
        updateTime: '',
      },
      schemas,
      groupOwnerId: 'owner',
    };
    expect(contactFormFromDetails(details, 'HK')).toEqual({
      email: 'ada@example.com',
      mobile: '+44 7400 123456',
      mobileCountry: 'GB',
      emailSubscribe: true,
      smsSubscribe: false,
      fields: { f1: 'Ada', f3: '42', f4: '', f5: '', f6: ['c2'] },
      groupIds: ['g1'],
    });
  });
});

describe('formFieldOfError', () => {
  it('puts address errors under their field and leaves the rest to the error dialog', () => {
    expect(formFieldOfError('ERROR_CONTACT_EMAIL_EXISTS')).toBe('email');
    expect(formFieldOfError('ERROR_CONTACT_MOBILE_EXISTS')).toBe('mobile');
    expect(formFieldOfError('OTH-UTL-R-027')).toBe('mobile');
    expect(formFieldOfError('VALIDATE_CONTACT_LIMIT')).toBeNull();
  });
});
