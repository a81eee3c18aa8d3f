import {
  ZConfirmUploadRequest,
  ZCreateFolderRequest,
  ZCreateUploadRequest,
  ZDeleteEntriesRequest,
  ZEntryPathParams,
  ZFilesByIdQuery,
  ZListEntriesQuery,
  ZMoveEntryRequest,
  ZPublicUrlPrefixQuery,
  ZRenameEntryRequest,
  ZUploadPathParams,
} from '../../shared/schemas/file-manager.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import {
  confirmUpload,
  createFolder,
  createUpload,
  deleteEntries,
  getFilesById,
  getPublicUrlPrefix,
  getStorageUsage,
  listFolder,
  moveEntry,
  renameEntry,
} from '../services/file-manager.js';

const API = '/api/v1/pageBasedAPI';
const FILES = `${API}/file-manager`;

const tuidOf = (request: ApiRequest) => claimsOf(request).tuid;
const entryIdOf = (request: ApiRequest) => parseInput(ZEntryPathParams, request.params).entryId;

export const handler = createApiHandler('file-manager', {
  [`GET ${API}/user/getFileManagerPublicUrlPrefix`]: async (request) => {
    parseInput(ZPublicUrlPrefixQuery, request.query);
    return getPublicUrlPrefix(tuidOf(request));
  },
  [`GET ${FILES}/entries`]: async (request) => listFolder(tuidOf(request), parseInput(ZListEntriesQuery, request.query)),
  [`POST ${FILES}/folders`]: async (request) =>
    HttpAnswer.json({ entry: await createFolder({ tuid: tuidOf(request), input: parseInput(ZCreateFolderRequest, request.body), now: new Date() }) }, 201),
  [`POST ${FILES}/uploads`]: async (request) =>
    HttpAnswer.json(await createUpload({ tuid: tuidOf(request), input: parseInput(ZCreateUploadRequest, request.body), now: new Date() }), 201),
  [`POST ${FILES}/uploads/{uploadId}/confirm`]: async (request) => {
    parseInput(ZConfirmUploadRequest, request.body ?? {});
    return { entry: await confirmUpload({ tuid: tuidOf(request), uploadId: parseInput(ZUploadPathParams, request.params).uploadId, now: new Date() }) };
  },
  [`PUT ${FILES}/entries/{entryId}/name`]: async (request) => ({
    entry: await renameEntry({ tuid: tuidOf(request), entryId: entryIdOf(request), name: parseInput(ZRenameEntryRequest, request.body).name, now: new Date() }),
  }),
  [`PUT ${FILES}/entries/{entryId}/parent`]: async (request) => ({
    entry: await moveEntry({ tuid: tuidOf(request), entryId: entryIdOf(request), parentId: parseInput(ZMoveEntryRequest, request.body).parentId, now: new Date() }),
  }),
  [`DELETE ${FILES}/entries`]: async (request) => deleteEntries({ tuid: tuidOf(request), ids: parseInput(ZDeleteEntriesRequest, request.body).ids, now: new Date() }),
  [`GET ${FILES}/files`]: async (request) => ({ files: await getFilesById(tuidOf(request), parseInput(ZFilesByIdQuery, request.query).ids) }),
  [`GET ${FILES}/usage`]: async (request) => getStorageUsage(tuidOf(request)),
});
