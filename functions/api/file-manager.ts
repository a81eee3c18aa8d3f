import { fileManager } from '../../shared/contracts/file-manager.js';
import { createApiHandler } from '../lib/http.js';
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
} from '../services/file-manager/file-manager.js';

export const handler = createApiHandler(fileManager, {
  // The query's campId is accepted (and checked) but not needed: the prefix is the account's.
  publicUrlPrefix: async ({ caller }) => getPublicUrlPrefix({ tuid: caller.tuid }),
  list: async ({ caller, query }) => listFolder({ tuid: caller.tuid, query }),
  createFolder: async ({ caller, body, now }) => ({ entry: await createFolder({ tuid: caller.tuid, input: body, now }) }),
  createUpload: async ({ caller, body, now }) => createUpload({ tuid: caller.tuid, input: body, now }),
  confirmUpload: async ({ caller, params, now }) => ({ entry: await confirmUpload({ tuid: caller.tuid, uploadId: params.uploadId, now }) }),
  rename: async ({ caller, params, body, now }) => ({ entry: await renameEntry({ tuid: caller.tuid, entryId: params.entryId, name: body.name, now }) }),
  move: async ({ caller, params, body, now }) => ({ entry: await moveEntry({ tuid: caller.tuid, entryId: params.entryId, parentId: body.parentId, now }) }),
  delete: async ({ caller, body, now }) => deleteEntries({ tuid: caller.tuid, ids: body.ids, now }),
  files: async ({ caller, query }) => ({ files: await getFilesById({ tuid: caller.tuid, ids: query.ids }) }),
  usage: async ({ caller }) => getStorageUsage({ tuid: caller.tuid }),
});
