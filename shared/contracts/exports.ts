/**
 * Exports (spec §2.1 /exports, §4 Export): starting a contact export is the contact section's
 * execute flag (shown as "export", spec §3); the list, a job, stop and download answer only the
 * jobs the caller's role reaches (contact exports or campaign report exports).
 */
import {
  ZExportDownloadResponse,
  ZExportJobList,
  ZExportJobResponse,
  ZExportPathParams,
  ZStartExportRequest,
  ZStopExportRequest,
} from '../schemas/exports.js';
import { EXPORTS, defineGroup, route, section } from './route.js';

export const dataExports = defineGroup('exports', {
  list: route({ method: 'GET', path: 'data-export', access: EXPORTS, answer: ZExportJobList }),
  start: route({ method: 'POST', path: 'data-export/start', access: section('contact', 'execute'), body: ZStartExportRequest, answer: ZExportJobResponse, status: 201 }),
  get: route({ method: 'GET', path: 'data-export/{exportId}', access: EXPORTS, params: ZExportPathParams, answer: ZExportJobResponse }),
  stop: route({
    method: 'POST',
    path: 'data-export/{exportId}/stop',
    access: EXPORTS,
    params: ZExportPathParams,
    body: ZStopExportRequest.prefault({}),
    answer: ZExportJobResponse,
  }),
  download: route({ method: 'GET', path: 'data-export/{exportId}/download', access: EXPORTS, params: ZExportPathParams, answer: ZExportDownloadResponse }),
});
