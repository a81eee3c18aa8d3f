import { z } from 'zod';
import { FILE_CONTENT_TYPES, FILE_MANAGER_LIMITS, nameProblem } from '../domain/file-manager.js';

/** The file manager (spec §2.2 sidebar, §7 getFileManagerPublicUrlPrefix): folders, hosted files, usage. */

/** The top folder of every account. */
export const ROOT_FOLDER_ID = 'root';

const ZEntryId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'id' });

/** The ids in file-manager paths; a malformed one is bad input (400), checked before anything is read. */
export const ZEntryPathParams = z.object({ entryId: ZEntryId });
export const ZUploadPathParams = z.object({ uploadId: ZEntryId });
export const ZEntryName = z
  .string()
  .max(FILE_MANAGER_LIMITS.nameLength * 4)
  .refine((name) => nameProblem(name) === null, { message: 'name' })
  .transform((name) => name.normalize('NFC').trim());

/** GET user/getFileManagerPublicUrlPrefix?campId= (spec §7); campId is accepted and not needed. */
export const ZPublicUrlPrefixQuery = z.object({ campId: z.string().max(64).optional() });
export const ZPublicUrlPrefixResponse = z.object({ publicURLPrefix: z.string() });
export type TPublicUrlPrefixResponse = z.infer<typeof ZPublicUrlPrefixResponse>;

/** GET file-manager/entries?folderId=&cursor=&limit= : one page of a folder, folders first, by name. */
export const ZListEntriesQuery = z.object({
  folderId: ZEntryId.default(ROOT_FOLDER_ID),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(FILE_MANAGER_LIMITS.pageSize).default(FILE_MANAGER_LIMITS.pageSize),
});
export type TListEntriesQuery = z.infer<typeof ZListEntriesQuery>;

export const ZFolderEntry = z.object({
  kind: z.literal('folder'),
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  updateTime: z.string(),
});
export const ZFileEntry = z.object({
  kind: z.literal('file'),
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** Where anyone (a browser, a mail client) fetches the file. */
  url: z.string(),
  updateTime: z.string(),
});
export const ZEntry = z.discriminatedUnion('kind', [ZFolderEntry, ZFileEntry]);
export type TFolderEntry = z.infer<typeof ZFolderEntry>;
export type TFileEntry = z.infer<typeof ZFileEntry>;
export type TEntry = z.infer<typeof ZEntry>;
/** A folder made, an entry renamed or moved: the entry as it is now. */
export const ZEntryResponse = z.object({ entry: ZEntry });
/** POST file-manager/uploads/{uploadId}/confirm: the file recorded. */
export const ZUploadedFileResponse = z.object({ entry: ZFileEntry });

export const ZListEntriesResponse = z.object({
  /** The folders from the root down to the listed one (the root first). */
  path: z.array(z.object({ id: z.string(), name: z.string() })),
  entries: z.array(ZEntry),
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().optional(),
});
export type TListEntriesResponse = z.infer<typeof ZListEntriesResponse>;

/** POST file-manager/folders */
export const ZCreateFolderRequest = z.strictObject({ parentId: ZEntryId.default(ROOT_FOLDER_ID), name: ZEntryName });
export type TCreateFolderRequest = z.infer<typeof ZCreateFolderRequest>;

/** POST file-manager/uploads: reserves the upload and answers where the browser PUTs the file. */
export const ZCreateUploadRequest = z.strictObject({
  folderId: ZEntryId.default(ROOT_FOLDER_ID),
  name: ZEntryName,
  size: z.number().int().min(1),
  contentType: z.enum(FILE_CONTENT_TYPES),
});
export type TCreateUploadRequest = z.infer<typeof ZCreateUploadRequest>;
export const ZCreateUploadResponse = z.object({
  uploadId: z.string(),
  /** The name the file will have: the asked one, numbered when the folder already has it. */
  name: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
});
export type TCreateUploadResponse = z.infer<typeof ZCreateUploadResponse>;

/** POST file-manager/uploads/{uploadId}/confirm takes no body. */
export const ZConfirmUploadRequest = z.strictObject({});

/** PUT file-manager/entries/{entryId}/name */
export const ZRenameEntryRequest = z.strictObject({ name: ZEntryName });

/** PUT file-manager/entries/{entryId}/parent: moves a file or folder into another folder. */
export const ZMoveEntryRequest = z.strictObject({ parentId: ZEntryId });

/** DELETE file-manager/entries: files and empty folders of one folder. */
export const ZDeleteEntriesRequest = z.strictObject({ ids: z.array(ZEntryId).min(1).max(50) });

/** GET file-manager/files?ids=a,b: files by id (an MMS names its media by id), at most 20 a call. */
export const ZFilesByIdQuery = z.object({
  ids: z
    .string()
    .transform((ids) => ids.split(','))
    .pipe(z.array(ZEntryId).min(1).max(20)),
});
/** The files found, in the order asked; an id that is no file of the account (deleted since, a folder) is left out. */
export const ZFilesByIdResponse = z.object({ files: z.array(ZFileEntry) });
export type TFilesByIdResponse = z.infer<typeof ZFilesByIdResponse>;
export const ZDeleteEntriesResponse = z.object({ deleted: z.number().int() });

/** GET file-manager/usage */
export const ZStorageUsage = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int(), fileCount: z.number().int() });
export type TStorageUsage = z.infer<typeof ZStorageUsage>;
