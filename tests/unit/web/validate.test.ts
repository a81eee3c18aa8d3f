import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  email,
  exactLength,
  integer,
  matches,
  maxLength,
  minLength,
  numberBetween,
  numeric,
  required,
  url,
  validate,
} from '../../../web/src/forms/validate.js';

let t: TFunction;
let tCn: TFunction;

beforeAll(async () => {
  const load = (language: string) =>
    JSON.parse(readFileSync(new URL(`../../../web/src/locales/${language}/validation.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { validation: load('en') }, 'zh-CN': { validation: load('zh-CN') } },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en');
  tCn = instance.getFixedT('zh-CN');
});

describe('validate', () => {
  it('words required with the field name, in the UI language', () => {
    expect(validate('  ', [required()], 'Email', t)).toBe('Email is required.');
    expect(validate('', [required()], '邮箱', tCn)).toBe('邮箱为必填项。');
  });

  it('stops at the first failing rule and passes a valid value', () => {
    expect(validate('not-an-email', [required(), email()], 'Email', t)).toBe('Email must be a valid email.');
    expect(validate('a@b.co', [required(), email()], 'Email', t)).toBeNull();
  });

  it('lets optional fields stay empty', () => {
    expect(validate('', [email(), minLength(3), url()], 'Site', t)).toBeNull();
  });

  it('checks lengths with the number filled in', () => {
    expect(validate('ab', [minLength(3)], 'Name', t)).toBe('Name must be at least 3 characters.');
    expect(validate('abcdef', [maxLength(5)], 'Name', t)).toBe('Name may not be greater than 5 characters.');
    expect(validate('123', [exactLength(6)], 'Code', t)).toBe('Code must be exactly 6 characters.');
  });

  it('checks numbers and bounds', () => {
    expect(validate('12a', [numeric()], 'Quantity', t)).toBe('Quantity may only contain numbers.');
    expect(validate('1.5', [integer()], 'Quantity', t)).toBe('Quantity must be an integer.');
    expect(validate('abc', [numberBetween({ min: 1 })], 'Quantity', t)).toBe('Must be a number.');
    expect(validate('0', [numberBetween({ min: 1 })], 'Quantity', t)).toBe('Quantity must be 1 or more.');
    expect(validate('11', [numberBetween({ max: 10 })], 'Quantity', t)).toBe('Quantity must be 10 or less.');
    expect(validate('5', [numberBetween({ min: 1, max: 10 })], 'Quantity', t)).toBeNull();
  });

  it('checks URLs and patterns', () => {
    expect(validate('ftp://x.org', [url()], 'Website', t)).toBe('Website field is not a valid URL.');
    expect(validate('https://example.com/a', [url()], 'Website', t)).toBeNull();
    expect(validate('abc', [matches(/^\d+$/)], 'PIN', t)).toBe('PIN is not in the right format.');
  });
});
