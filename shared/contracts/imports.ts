/** Contact imports (spec §2.1 import-contacts, §4 Import); the file goes straight to storage. */
import {
  ZCreateImportUploadRequest,
  ZImportFileQuery,
  ZImportJobList,
  ZImportJobResponse,
  ZImportPathParams,
  ZImportPreviewRequest,
  ZImportPreviewResponse,
  ZImportUploadResponse,
  ZStartImportRequest,
  ZStopImportRequest,
} from '../schemas/imports.js';
import { NOT_JSON, defineGroup, route, section } from './route.js';

export const imports = defineGroup('imports', {
  list: route({ method: 'GET', path: 'data-import', access: section('contact', 'read'), answer: ZImportJobList }),
  createUpload: route({
    method: 'POST',
    path: 'data-import/upload',
    access: section('contact', 'write'),
    body: ZCreateImportUploadRequest,
    answer: ZImportUploadResponse,
    status: 201,
  }),
  get: route({ method: 'GET', path: 'data-import/{importId}', access: section('contact', 'read'), params: ZImportPathParams, answer: ZImportJobResponse }),
  // The user's choices of how to read the file: encoding, delimiter, a ZIP archive's entry, a workbook's sheet.
  preview: route({
    method: 'POST',
    path: 'data-import/{importId}/preview',
    access: section('contact', 'write'),
    params: ZImportPathParams,
    body: ZImportPreviewRequest.prefault({}),
    answer: ZImportPreviewResponse,
  }),
  start: route({
    method: 'POST',
    path: 'data-import/{importId}/start',
    access: section('contact', 'write'),
    params: ZImportPathParams,
    body: ZStartImportRequest,
    answer: ZImportJobResponse,
  }),
  stop: route({
    method: 'POST',
    path: 'data-import/{importId}/stop',
    access: section('contact', 'write'),
    params: ZImportPathParams,
    body: ZStopImportRequest.prefault({}),
    answer: ZImportJobResponse,
  }),
  // Spec §7: a report's row list or the uploaded file, as a redirect to a short-lived link.
  getFile: route({
    method: 'GET',
    path: 'data-import/details/get-file/{importId}',
    access: section('contact', 'read'),
    params: ZImportPathParams,
    query: ZImportFileQuery,
    answer: NOT_JSON,
  }),
});
