/** The custom field editor's checks and requests (web/src/routes/contacts/field-form-model.ts). */
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import {
  fieldFormErrorOf,
  fieldFormFromSchema,
  newChoiceDraft,
  toCreateFieldRequest,
  toUpdateFieldRequest,
  validateFieldForm,
} from '../../../../web/src/routes/contacts/field-form-model.js';
import { defaultPhoneCountry } from '../../../../shared/domain/phone.js';
import { phoneCountries } from '../../../../web/src/components/phone-countries.js';
import { englishTranslate } from './translate.js';

const firstName: TFieldSchema = { id: 'f1', name: 'First Name', type: 'text', choices: [], createTime: '' };
const level: TFieldSchema = { id: 'f3', name: 'Level', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }, { id: 'c2', label: 'Silver' }], createTime: '' };

let t: TFunction;
beforeAll(async () => {
  t = await englishTranslate();
});

describe('validateFieldForm', () => {
  it('refuses a name another field has, whatever its case and spaces (spec §5)', () => {
    const values = { ...fieldFormFromSchema(null), name: '  first NAME ' };
    expect(validateFieldForm(values, [firstName], t, 'Field name')).toEqual({ name: 'This field name is already in use' });
    expect(validateFieldForm(values, [], t, 'Field name')).toEqual({});
  });

  it('needs a name, and choices for a choice field (spec §5)', () => {
    const values = { name: ' ', type: 'multipleChoice' as const, choices: [newChoiceDraft('  ')] };
    expect(validateFieldForm(values, [], t, 'Field name')).toEqual({ name: 'Field name is required.', choices: 'There are no choices for this field yet.' });
  });
});

describe('field requests', () => {
  it('creates a choice field with its filled choices only', () => {
    const values = { name: ' Level ', type: 'singleChoice' as const, choices: [newChoiceDraft(' Gold '), newChoiceDraft(''), newChoiceDraft('Silver')] };
    expect(toCreateFieldRequest(values)).toEqual({ name: 'Level', type: 'singleChoice', choices: [{ label: 'Gold' }, { label: 'Silver' }] });
    expect(toCreateFieldRequest({ ...values, type: 'text' }).choices).toEqual([]);
  });

  it('sends only a changed name, and keeps the ids of choices that stay', () => {
    const values = fieldFormFromSchema(level);
    expect(toUpdateFieldRequest(values, level)).toEqual({ choices: [{ id: 'c1', label: 'Gold' }, { id: 'c2', label: 'Silver' }] });
    const edited = { ...values, name: 'Tier', choices: [{ ...values.choices[1], label: 'Silver+' }, newChoiceDraft('Bronze')] };
    expect(toUpdateFieldRequest(edited, level)).toEqual({ name: 'Tier', choices: [{ id: 'c2', label: 'Silver+' }, { label: 'Bronze' }] });
    expect(toUpdateFieldRequest({ ...fieldFormFromSchema(firstName), name: 'Given name' }, firstName)).toEqual({ name: 'Given name' });
  });

  it('places the server’s field errors under the right input', () => {
    expect(fieldFormErrorOf('VALIDATE_FIELD_NAME_USED')).toBe('name');
    expect(fieldFormErrorOf('VALIDATE_NO_CHOICES')).toBe('choices');
    expect(fieldFormErrorOf('VALIDATE_LIMIT_REACHED')).toBeNull();
  });
});

describe('phone countries', () => {
  it('defaults to the account’s region, else Hong Kong', () => {
    expect(defaultPhoneCountry('Asia/Taipei')).toBe('TW');
    expect(defaultPhoneCountry('Asia/Hong_Kong')).toBe('HK');
    expect(defaultPhoneCountry('Antarctica/Troll')).toBe('HK');
    expect(defaultPhoneCountry(undefined)).toBe('HK');
  });

  it('names every country in the UI language with its calling code', () => {
    expect(phoneCountries('en')).toContainEqual({ code: 'HK', callingCode: '852', name: 'Hong Kong SAR China' });
    expect(phoneCountries('zh-TW').find((country) => country.code === 'TW')).toMatchObject({ callingCode: '886', name: '台灣' });
  });
});
