/** Spec §8 dialog and field rules, worded by the real English and Hong Kong error catalogues. */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/api/errors.js';
import { describeError, fieldErrorMessage } from '../../../web/src/errors/error-messages.js';

function catalogue(language: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../../web/src/locales/${language}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

let t: TFunction;
let tHk: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { errors: catalogue('en') }, 'zh-HK': { errors: catalogue('zh-HK') } },
    defaultNS: 'errors',
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en');
  tHk = instance.getFixedT('zh-HK');
});

describe('describeError', () => {
  it('opens nothing for a cancelled request', () => {
    expect(describeError(new ApiError({ cancelled: true, code: 'OTH-X-CANCELLED' }), t)).toBeNull();
  });

  it('gives VALIDATE_ codes a translated title and message, without the code', () => {
    expect(describeError(new ApiError({ code: 'VALIDATE_NO_PERMISSION', message: 'server text' }), t)).toEqual({
      title: 'Access Denied',
      message: 'You do not have permission to do this in this account.',
      code: null,
    });
    expect(describeError(new ApiError({ code: 'VALIDATE_NO_PERMISSION' }), tHk)?.title).toBe('拒絕存取');
  });

  it('shows an unknown VALIDATE_ code with the server message under the default title', () => {
    expect(describeError(new ApiError({ code: 'VALIDATE_SOMETHING_NEW', message: 'Name is too long' }), t)).toEqual({
      title: 'Error',
      message: 'Name is too long',
      code: null,
    });
  });

  it('appends the code to other errors unless it equals the message', () => {
    expect(describeError(new ApiError({ code: 'VAL-REC-01' }), t)).toEqual({
      title: 'Error',
      message: 'This record does not exist. It may have been deleted.',
      code: 'VAL-REC-01',
    });
    expect(describeError(new ApiError({ code: 'XYZ-1', message: 'XYZ-1' }), t)?.code).toBeNull();
    expect(describeError(new ApiError({ code: 'XYZ-2', message: 'Disk full' }), t)).toMatchObject({ message: 'Disk full', code: 'XYZ-2' });
  });

  it('falls back to the default sentence plus the code when there is no message', () => {
    expect(describeError(new ApiError({ code: 'XYZ-3' }), t)).toEqual({
      title: 'Error',
      message: 'Sorry, an error occurred while processing your request.',
      code: 'XYZ-3',
    });
  });

  it('names the editor for a record being modified (Access Denied)', () => {
    expect(describeError(new ApiError({ code: 'XYZ-4', lockedBy: 'Grace Hopper' }), t)).toEqual({
      title: 'Access Denied',
      message: 'Grace Hopper is editing this record right now. Please try again when they have finished.',
      code: null,
    });
  });

  it('words an account lock by the provider or the team admin', () => {
    expect(describeError(new ApiError({ code: 'LOCK-1', lockedBy: 'teamAdmin' }), t)?.message).toBe(
      'This account has been locked by your team admin. Please contact your team admin.',
    );
  });

  it('defaults unknown throwables to OTH-X-001', () => {
    expect(describeError(new Error(''), t)).toMatchObject({ code: 'OTH-X-001' });
  });
});

describe('fieldErrorMessage', () => {
  it('fills the entity name into ERROR_ codes', () => {
    expect(fieldErrorMessage(new ApiError({ code: 'ERROR_RECORD_NAME_EXISTS' }), t, 'group')).toBe('This group name is already in use.');
    expect(fieldErrorMessage(new ApiError({ code: 'ERROR_RECORD_NAME_EXISTS' }), tHk, 'template')).toBe('此範本名稱已被使用。');
  });

  it('shows the count of recent passwords', () => {
    expect(fieldErrorMessage(new ApiError({ code: 'VALIDATE_PASSWORD-RECENTLY-USED', numOfRecentlyUsed: 5 }), t)).toBe(
      'This password was used recently. Please choose one different from your last 5 passwords.',
    );
  });

  it('shows the default message plus the code for an untranslated ERROR_ code', () => {
    expect(fieldErrorMessage(new ApiError({ code: 'ERROR_NEW_THING' }), t)).toBe(
      'Sorry, an error occurred while processing your request. (ERROR_NEW_THING)',
    );
  });

  it('returns null for codes that belong in the dialog', () => {
    expect(fieldErrorMessage(new ApiError({ code: 'VAL-REC-01' }), t)).toBeNull();
    expect(fieldErrorMessage(new ApiError({ code: 'VALIDATE_NO_PERMISSION' }), t)).toBeNull();
  });
});
