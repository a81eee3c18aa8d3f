import {
  ZCreateImportUploadRequest,
  ZImportFileQuery,
  ZImportPathParams,
  ZImportPreviewRequest,
  ZStartImportRequest,
  ZStopImportRequest,
} from '../../shared/schemas/imports.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { createImportUpload, getImport, importFileUrl, listImports, previewImport, startImport, stopImport } from '../services/imports.js';

const IMPORTS = '/api/v1/pageBasedAPI/data-import';

const tuidOf = (request: ApiRequest) => claimsOf(request).tuid;
/** A malformed id is bad input (400), checked before anything is read. */
const importIdOf = (request: ApiRequest) => parseInput(ZImportPathParams, request.params).importId;

export const handler = createApiHandler('imports', {
  [`GET ${IMPORTS}`]: async (request) => ({ data: await listImports(tuidOf(request)) }),
  [`POST ${IMPORTS}/upload`]: async (request) => {
    const claims = claimsOf(request);
    const { fileName, kind } = parseInput(ZCreateImportUploadRequest, request.body);
    return HttpAnswer.json(await createImportUpload({ tuid: claims.tuid, loginTuid: claims.loginTuid, fileName, kind, now: new Date() }), 201);
  },
  [`GET ${IMPORTS}/{importId}`]: async (request) => ({ import: await getImport(tuidOf(request), importIdOf(request)) }),
  [`POST ${IMPORTS}/{importId}/preview`]: async (request) =>
    previewImport({ tuid: tuidOf(request), importId: importIdOf(request), request: parseInput(ZImportPreviewRequest, request.body ?? {}) }),
  [`POST ${IMPORTS}/{importId}/start`]: async (request) => ({
    import: await startImport({ tuid: tuidOf(request), importId: importIdOf(request), input: parseInput(ZStartImportRequest, request.body), now: new Date() }),
  }),
  [`GET ${IMPORTS}/details/get-file/{importId}`]: async (request) => {
    const { type } = parseInput(ZImportFileQuery, request.query);
    return HttpAnswer.redirect(await importFileUrl(tuidOf(request), importIdOf(request), type));
  },
  [`POST ${IMPORTS}/{importId}/stop`]: async (request) => {
    parseInput(ZStopImportRequest, request.body ?? {});
    return { import: await stopImport(tuidOf(request), importIdOf(request)) };
  },
});
