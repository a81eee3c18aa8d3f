import { dataExports } from '../../shared/contracts/exports.js';
import { createApiHandler } from '../lib/http.js';
import { getExport, getExportDownload, listExports, startExport, stopExport } from '../services/exports/exports.js';

export const handler = createApiHandler(dataExports, {
  list: async ({ caller, now }) => ({ data: await listExports({ claims: caller, now }) }),
  start: async ({ caller, body, now }) => ({ export: await startExport({ tuid: caller.tuid, loginTuid: caller.loginTuid, input: body, now }) }),
  get: async ({ caller, params, now }) => ({ export: await getExport({ claims: caller, exportId: params.exportId, now }) }),
  stop: async ({ caller, params, now }) => ({ export: await stopExport({ claims: caller, exportId: params.exportId, now }) }),
  download: async ({ caller, params, now }) => getExportDownload({ claims: caller, exportId: params.exportId, now }),
});
