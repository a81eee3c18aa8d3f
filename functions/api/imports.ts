import { imports } from '../../shared/contracts/imports.js';
import { createApiHandler, HttpAnswer } from '../lib/http.js';
import { createImportUpload, getImport, importFileUrl, listImports, previewImport, startImport, stopImport } from '../services/imports/imports.js';

export const handler = createApiHandler(imports, {
  list: async ({ caller }) => ({ data: await listImports({ tuid: caller.tuid }) }),
  createUpload: async ({ caller, body, now }) => createImportUpload({ tuid: caller.tuid, loginTuid: caller.loginTuid, fileName: body.fileName, kind: body.kind, now }),
  get: async ({ caller, params }) => ({ import: await getImport({ tuid: caller.tuid, importId: params.importId }) }),
  preview: async ({ caller, params, body }) => previewImport({ tuid: caller.tuid, importId: params.importId, request: body }),
  start: async ({ caller, params, body, now }) => ({ import: await startImport({ tuid: caller.tuid, importId: params.importId, input: body, now }) }),
  stop: async ({ caller, params }) => ({ import: await stopImport({ tuid: caller.tuid, importId: params.importId }) }),
  getFile: async ({ caller, params, query }) => HttpAnswer.redirect(await importFileUrl({ tuid: caller.tuid, importId: params.importId, type: query.type })),
});
