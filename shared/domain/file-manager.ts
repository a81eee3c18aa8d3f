/**
 * Rules of the file manager (spec §2.2 sidebar, §3 storageLimit, §9 "75% and 100%", billing
 * "content hosting storage"): which files it hosts, how names are checked and compared, the quota
 * and the usage levels at which the owner is told. Pure; the service applies them and the drawer
 * checks its forms with the same functions.
 */
import { FREE_STORAGE_BASELINE_MB } from '../constants.js';

const MIB = 1024 * 1024;

export const FILE_MANAGER_LIMITS = {
  /** One file's size: a large email image is a few hundred KB; a PDF brochure fits. */
  fileBytes: 10 * MIB,
  nameLength: 100,
  /** Folders inside folders, the root not counted. */
  folderDepth: 5,
  /** Entries of one folder page. */
  pageSize: 100,
} as const;

/**
 * The hosted file types: images email clients show, and PDF for linked documents. SVG is left out:
 * most email clients (Gmail, Outlook) do not show it, and opened directly it runs scripts.
 */
export const FILE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;
export type TFileContentType = keyof typeof FILE_TYPES;
export const FILE_CONTENT_TYPES = Object.keys(FILE_TYPES) as TFileContentType[];

/**
 * The Content-Security-Policy of every hosted file (CloudFront and the local host): nothing in a
 * hosted answer may run, load or frame, whatever it turns out to be.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

/** What the upload input accepts (`accept` attribute). */
export const FILE_ACCEPT = [...FILE_CONTENT_TYPES, ...Object.values(FILE_TYPES).flat().map((extension) => `.${extension}`)].join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The hosted type of a file name, by its extension; null when the type is not hosted. */
export function contentTypeOfName(name: string): TFileContentType | null {
  const extension = extensionOf(name);
  return FILE_CONTENT_TYPES.find((type) => (FILE_TYPES[type] as readonly string[]).includes(extension)) ?? null;
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/**
 * Whether the first bytes are what the type claims (magic numbers), so a renamed executable or an
 * HTML page is never served as an image.
 */
export function matchesContentType(head: Uint8Array, contentType: TFileContentType): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  const ascii = (offset: number, text: string) => [...text].every((char, index) => head[offset + index] === char.charCodeAt(0));
  switch (contentType) {
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/gif':
      return ascii(0, 'GIF87a') || ascii(0, 'GIF89a');
    case 'image/webp':
      return ascii(0, 'RIFF') && ascii(8, 'WEBP');
    case 'application/pdf':
      return ascii(0, '%PDF-');
  }
}

export type NameProblem = 'empty' | 'tooLong' | 'characters' | 'reserved';

/**
 * Why a file or folder name is refused, or null when it is fine. Names are one path segment:
 * no slashes, no control characters, not `.` or `..`, at most 100 characters after trimming.
 */
export function nameProblem(name: string): NameProblem | null {
  const trimmed = name.normalize('NFC').trim();
  if (trimmed === '') return 'empty';
  if (Array.from(trimmed).length > FILE_MANAGER_LIMITS.nameLength) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f<>:"|?*]/.test(trimmed)) return 'characters';
  if (trimmed === '.' || trimmed === '..') return 'reserved';
  return null;
}

/** Names are unique per folder regardless of case, surrounding spaces and Unicode form. */
export function entryNameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/** Whether a file may take a new name: it keeps its type, so the extension stays of the same type. */
export function keepsFileType(oldName: string, newName: string): boolean {
  const type = contentTypeOfName(oldName);
  return type !== null && contentTypeOfName(newName) === type;
}

/**
 * A free name for an upload: the name itself, then "photo (2).png", "photo (3).png", ... The base
 * is shortened (never the suffix or extension) so the result stays within the name limit.
 */
export function numberedName(name: string, attempt: number): string {
  if (attempt <= 1) return name;
  const extension = extensionOf(name);
  const base = extension ? name.slice(0, name.length - extension.length - 1) : name;
  const tail = ` (${attempt})${extension ? `.${extension}` : ''}`;
  const room = FILE_MANAGER_LIMITS.nameLength - tail.length;
  return `${Array.from(base).slice(0, room).join('').trimEnd()}${tail}`;
}

/** The account's quota in bytes: its content storage in MB (the 50 MB free baseline plus what it bought). */
export function storageQuotaBytes(storageMb: number): number {
  return Math.max(storageMb, FREE_STORAGE_BASELINE_MB) * MIB;
}

/**
 * What content storage would be left (bytes; negative: not enough) if a storage plan of `planMb`
 * were the account's plan: the 50 MB free baseline plus the plan, less what its files use now
 * (billing §5, the edit dialog's Confirm rule).
 */
export function storageLeftAfterPlan(usedBytes: number, planMb: number): number {
  return storageQuotaBytes(FREE_STORAGE_BASELINE_MB + planMb) - usedBytes;
}

/** The usage levels of which the owner is told (spec §9: 75% and 100%). */
export const STORAGE_NOTICE_LEVELS = [75, 100] as const;
export type StorageLevel = 0 | (typeof STORAGE_NOTICE_LEVELS)[number];

/** The highest notice level that usage has reached (integer arithmetic: no rounding surprises). */
export function storageLevel(usedBytes: number, quotaBytes: number): StorageLevel {
  let level: StorageLevel = 0;
  for (const percent of STORAGE_NOTICE_LEVELS) if (usedBytes * 100 >= quotaBytes * percent) level = percent;
  return level;
}

/**
 * The notice to send when usage is at `current` and the owner was last told of `notified`: a
 * notice only when usage climbed past a level not yet told (once per crossing; falling back under
 * a level re-arms it). From under 75% straight to full, only the 100% notice is sent.
 */
export function storageNoticeToSend(notified: StorageLevel, current: StorageLevel): 75 | 100 | null {
  return current > notified && current !== 0 ? current : null;
}

/** Whether an upload of `size` bytes fits. */
export function fitsQuota(usedBytes: number, size: number, quotaBytes: number): boolean {
  return usedBytes + size <= quotaBytes;
}
