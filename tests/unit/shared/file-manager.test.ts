import { describe, expect, it } from 'vitest';
import {
  contentTypeOfName,
  entryNameKey,
  FILE_MANAGER_LIMITS,
  fitsQuota,
  keepsFileType,
  matchesContentType,
  nameProblem,
  numberedName,
  storageLevel,
  storageLeftAfterPlan,
  storageNoticeToSend,
  storageQuotaBytes,
} from '../../../shared/domain/file-manager.js';
import { ZCreateUploadRequest, ZEntryName } from '../../../shared/schemas/file-manager.js';

const MIB = 1024 * 1024;
const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('quota', () => {
  it('is the account content storage in MB, never under the 50 MB free baseline', () => {
    // Assess
    expect(storageQuotaBytes(50)).toBe(50 * MIB);
    expect(storageQuotaBytes(550)).toBe(550 * MIB);
    expect(storageQuotaBytes(0)).toBe(50 * MIB);
  });

  it('fits an upload that fills the quota exactly, not one byte more', () => {
    // Assess
    expect(fitsQuota(40 * MIB, 10 * MIB, 50 * MIB)).toBe(true);
    expect(fitsQuota(40 * MIB, 10 * MIB + 1, 50 * MIB)).toBe(false);
  });

  it('leaves the 50 MB baseline plus a storage plan, less what the files use (billing §5)', () => {
    // Assess
    expect(storageLeftAfterPlan(500 * MIB, 500)).toBe(50 * MIB);
    expect(storageLeftAfterPlan(550 * MIB, 500)).toBe(0);
    expect(storageLeftAfterPlan(550 * MIB + 1, 500)).toBe(-1);
  });
});

describe('storage notice levels', () => {
  it('reaches 75 at three quarters and 100 at the quota, in exact integer arithmetic', () => {
    // Prepare
    const quota = 50 * MIB;

    // Assess
    expect(storageLevel(0, quota)).toBe(0);
    expect(storageLevel(quota * 0.75 - 1, quota)).toBe(0);
    expect(storageLevel(quota * 0.75, quota)).toBe(75);
    expect(storageLevel(quota - 1, quota)).toBe(75);
    expect(storageLevel(quota, quota)).toBe(100);
    // A quota that shrank (bought storage expired) leaves usage over it: still full.
    expect(storageLevel(quota * 2, quota)).toBe(100);
  });

  it('sends a notice once per crossing: only when usage climbs past a level not yet told', () => {
    // Assess
    expect(storageNoticeToSend(0, 0)).toBeNull();
    expect(storageNoticeToSend(0, 75)).toBe(75);
    expect(storageNoticeToSend(75, 75)).toBeNull();
    expect(storageNoticeToSend(75, 100)).toBe(100);
    expect(storageNoticeToSend(100, 100)).toBeNull();
    // Straight from under 75% to full: only the 100% notice.
    expect(storageNoticeToSend(0, 100)).toBe(100);
    // Falling back is never a notice (the service lowers the told level instead).
    expect(storageNoticeToSend(100, 75)).toBeNull();
  });
});

describe('names', () => {
  it.each([
    ['photo.png', null],
    ['  Spring sale  ', null],
    ['春季 banner.jpg', null],
    ['', 'empty'],
    ['   ', 'empty'],
    ['a/b', 'characters'],
    ['a\\b', 'characters'],
    ['tab\there', 'characters'],
    ['what?.png', 'characters'],
    ['.', 'reserved'],
    ['..', 'reserved'],
    ['x'.repeat(FILE_MANAGER_LIMITS.nameLength), null],
    ['x'.repeat(FILE_MANAGER_LIMITS.nameLength + 1), 'tooLong'],
  ])('%j is %s', (name, problem) => {
    // Assess
    expect(nameProblem(name)).toBe(problem);
  });

  it('compares names regardless of case, surrounding spaces and Unicode form', () => {
    // Assess
    expect(entryNameKey(' Logo.PNG ')).toBe(entryNameKey('logo.png'));
    expect(entryNameKey('Cafe\u0301')).toBe(entryNameKey('Café'));
  });

  it('numbers a taken name before its extension and keeps it within the limit', () => {
    // Prepare
    const long = `${'x'.repeat(FILE_MANAGER_LIMITS.nameLength - 4)}.png`;

    // Assess
    expect(numberedName('photo.png', 1)).toBe('photo.png');
    expect(numberedName('photo.png', 2)).toBe('photo (2).png');
    expect(numberedName('README', 3)).toBe('README (3)');
    expect(numberedName(long, 12)).toHaveLength(FILE_MANAGER_LIMITS.nameLength);
    expect(numberedName(long, 12).endsWith(' (12).png')).toBe(true);
  });

  it('trims names in requests and refuses bad ones', () => {
    // Assess
    expect(ZEntryName.parse('  Banners ')).toBe('Banners');
    expect(ZEntryName.safeParse('a/b').success).toBe(false);
  });
});

describe('file types', () => {
  it('hosts JPG, PNG, GIF, WebP and PDF by extension, and not SVG or HTML', () => {
    // Assess
    expect(['a.JPG', 'a.jpeg', 'a.png', 'a.gif', 'a.webp', 'a.pdf'].map(contentTypeOfName)).toEqual([
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'application/pdf',
    ]);
    expect(['a.svg', 'a.html', 'png', '.png'].map(contentTypeOfName)).toEqual([null, null, null, null]);
    expect(ZCreateUploadRequest.safeParse({ name: 'a.svg', size: 10, contentType: 'image/svg+xml' }).success).toBe(false);
  });

  it('checks the first bytes against the type', () => {
    // Assess
    expect(matchesContentType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'image/png')).toBe(true);
    expect(matchesContentType(bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg')).toBe(true);
    expect(matchesContentType(bytes('GIF89a'), 'image/gif')).toBe(true);
    expect(matchesContentType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'), 'image/webp')).toBe(true);
    expect(matchesContentType(bytes('%PDF-1.7'), 'application/pdf')).toBe(true);
    expect(matchesContentType(bytes('<svg onload=alert(1)>'), 'image/png')).toBe(false);
    expect(matchesContentType(bytes(0xff, 0xd8, 0xff), 'image/png')).toBe(false);
  });

  it('lets a rename keep the type only', () => {
    // Assess
    expect(keepsFileType('photo.jpg', 'cover.JPEG')).toBe(true);
    expect(keepsFileType('photo.png', 'photo.pdf')).toBe(false);
    expect(keepsFileType('photo.png', 'photo')).toBe(false);
  });
});
