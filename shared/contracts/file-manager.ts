/**
 * The file manager (spec §2.2 sidebar, §7): folders and hosted files; the browser PUTs a file to
 * the content bucket with a presigned URL, then confirms it (docs/api-contract.md).
 */
import {
  ZConfirmUploadRequest,
  ZCreateFolderRequest,
  ZCreateUploadRequest,
  ZCreateUploadResponse,
  ZDeleteEntriesRequest,
  ZDeleteEntriesResponse,
  ZEntryPathParams,
  ZEntryResponse,
  ZFilesByIdQuery,
  ZFilesByIdResponse,
  ZListEntriesQuery,
  ZListEntriesResponse,
  ZMoveEntryRequest,
  ZPublicUrlPrefixQuery,
  ZPublicUrlPrefixResponse,
  ZRenameEntryRequest,
  ZStorageUsage,
  ZUploadPathParams,
  ZUploadedFileResponse,
} from '../schemas/file-manager.js';
import { FILE_MANAGER, defineGroup, route } from './route.js';

export const fileManager = defineGroup('file-manager', {
  publicUrlPrefix: route({
    method: 'GET',
    path: 'user/getFileManagerPublicUrlPrefix',
    access: FILE_MANAGER,
    query: ZPublicUrlPrefixQuery,
    answer: ZPublicUrlPrefixResponse,
  }),
  list: route({ method: 'GET', path: 'file-manager/entries', access: FILE_MANAGER, query: ZListEntriesQuery, answer: ZListEntriesResponse }),
  delete: route({ method: 'DELETE', path: 'file-manager/entries', access: FILE_MANAGER, body: ZDeleteEntriesRequest, answer: ZDeleteEntriesResponse }),
  rename: route({
    method: 'PUT',
    path: 'file-manager/entries/{entryId}/name',
    access: FILE_MANAGER,
    params: ZEntryPathParams,
    body: ZRenameEntryRequest,
    answer: ZEntryResponse,
  }),
  move: route({
    method: 'PUT',
    path: 'file-manager/entries/{entryId}/parent',
    access: FILE_MANAGER,
    params: ZEntryPathParams,
    body: ZMoveEntryRequest,
    answer: ZEntryResponse,
  }),
  createFolder: route({ method: 'POST', path: 'file-manager/folders', access: FILE_MANAGER, body: ZCreateFolderRequest, answer: ZEntryResponse, status: 201 }),
  createUpload: route({ method: 'POST', path: 'file-manager/uploads', access: FILE_MANAGER, body: ZCreateUploadRequest, answer: ZCreateUploadResponse, status: 201 }),
  confirmUpload: route({
    method: 'POST',
    path: 'file-manager/uploads/{uploadId}/confirm',
    access: FILE_MANAGER,
    params: ZUploadPathParams,
    body: ZConfirmUploadRequest.prefault({}),
    answer: ZUploadedFileResponse,
  }),
  files: route({ method: 'GET', path: 'file-manager/files', access: FILE_MANAGER, query: ZFilesByIdQuery, answer: ZFilesByIdResponse }),
  usage: route({ method: 'GET', path: 'file-manager/usage', access: FILE_MANAGER, answer: ZStorageUsage }),
});
