import { ZExportPathParams, ZStartExportRequest, ZStopExportRequest } from '../../shared/schemas/exports.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { getExport, getExportDownload, listExports, startExport, stopExport } from '../services/exports.js';

const EXPORTS = '/api/v1/pageBasedAPI/data-export';

/** A malformed id is bad input (400), checked before anything is read. */
const exportIdOf = (request: ApiRequest) => parseInput(ZExportPathParams, request.params).exportId;

export const handler = createApiHandler('exports', {
  [`GET ${EXPORTS}`]: async (request) => ({ data: await listExports(claimsOf(request), new Date()) }),
  [`POST ${EXPORTS}/start`]: async (request) => {
    const claims = claimsOf(request);
    const input = parseInput(ZStartExportRequest, request.body);
    return HttpAnswer.json({ export: await startExport({ tuid: claims.tuid, loginTuid: claims.loginTuid, input, now: new Date() }) }, 201);
  },
  [`GET ${EXPORTS}/{exportId}`]: async (request) => ({ export: await getExport(claimsOf(request), exportIdOf(request), new Date()) }),
  [`POST ${EXPORTS}/{exportId}/stop`]: async (request) => {
    parseInput(ZStopExportRequest, request.body ?? {});
    return { export: await stopExport(claimsOf(request), exportIdOf(request), new Date()) };
  },
  [`GET ${EXPORTS}/{exportId}/download`]: async (request) => getExportDownload(claimsOf(request), exportIdOf(request), new Date()),
});
