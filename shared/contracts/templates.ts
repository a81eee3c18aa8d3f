/**
 * Templates (spec §2.1 /templates, §4 "Edit locking"), their sharing (./template-shares.ts) and
 * thumbnails. Create and save carry the content (HTML and the drag-and-drop project), hence their
 * larger body; taking the edit lock is part of editing.
 */
import { TEMPLATE_LIMITS } from '../domain/templates.js';
import { ZOk } from '../schemas/common.js';
import {
  ZConvertPageRequest,
  ZConvertPageResponse,
  ZCopyTemplateRequest,
  ZCreateTemplateRequest,
  ZDeleteTemplatesRequest,
  ZDeleteTemplatesResponse,
  ZLockTemplateRequest,
  ZRenameTemplateRequest,
  ZSaveTemplateRequest,
  ZTemplateListQuery,
  ZTemplateListResponse,
  ZTemplateLockResponse,
  ZTemplatePathParams,
  ZTemplateResponse,
  ZTemplateSummaryResponse,
  ZTestSendTemplateRequest,
  ZTestSendTemplateResponse,
  ZThumbnailQuery,
} from '../schemas/templates.js';
import { NOT_JSON, defineGroup, route, section } from './route.js';
import { TEMPLATE_SHARE_ROUTES } from './template-shares.js';

const READ = section('template', 'read');
const WRITE = section('template', 'write');
const DELETE = section('template', 'delete');
const CONTENT_BODY = { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes } as const;

export const templates = defineGroup('templates', {
  list: route({ method: 'GET', path: 'templates', access: READ, query: ZTemplateListQuery, answer: ZTemplateListResponse }),
  create: route({ method: 'POST', path: 'templates', access: WRITE, body: ZCreateTemplateRequest, answer: ZTemplateResponse, status: 201, ...CONTENT_BODY }),
  deleteMany: route({ method: 'DELETE', path: 'templates', access: DELETE, body: ZDeleteTemplatesRequest, answer: ZDeleteTemplatesResponse }),
  // Convert a web page: answers converted HTML and saves nothing (a literal segment beats {templateId}).
  convert: route({ method: 'POST', path: 'templates/convert', access: WRITE, body: ZConvertPageRequest, answer: ZConvertPageResponse, ...CONTENT_BODY }),
  get: route({ method: 'GET', path: 'templates/{templateId}', access: READ, params: ZTemplatePathParams, answer: ZTemplateResponse }),
  save: route({
    method: 'PUT',
    path: 'templates/{templateId}',
    access: WRITE,
    params: ZTemplatePathParams,
    body: ZSaveTemplateRequest,
    answer: ZTemplateSummaryResponse,
    ...CONTENT_BODY,
  }),
  delete: route({ method: 'DELETE', path: 'templates/{templateId}', access: DELETE, params: ZTemplatePathParams, answer: ZOk }),
  rename: route({ method: 'PUT', path: 'templates/{templateId}/name', access: WRITE, params: ZTemplatePathParams, body: ZRenameTemplateRequest, answer: ZTemplateSummaryResponse }),
  copy: route({
    method: 'POST',
    path: 'templates/{templateId}/copy',
    access: WRITE,
    params: ZTemplatePathParams,
    body: ZCopyTemplateRequest.prefault({}),
    answer: ZTemplateSummaryResponse,
    status: 201,
  }),
  lock: route({
    method: 'POST',
    path: 'templates/{templateId}/lock',
    access: WRITE,
    params: ZTemplatePathParams,
    body: ZLockTemplateRequest.prefault({}),
    answer: ZTemplateLockResponse,
  }),
  unlock: route({ method: 'DELETE', path: 'templates/{templateId}/lock', access: WRITE, params: ZTemplatePathParams, answer: ZOk }),
  // A test send goes only to the caller's own login address, so reading the template is enough.
  testSend: route({
    method: 'POST',
    path: 'templates/{templateId}/test-send',
    access: READ,
    params: ZTemplatePathParams,
    body: ZTestSendTemplateRequest.prefault({}),
    answer: ZTestSendTemplateResponse,
  }),
  ...TEMPLATE_SHARE_ROUTES,
  // A template's thumbnail (spec §7); an SVG drawn from the template (functions/lib/template-thumbnail.ts).
  thumbnail: route({ method: 'GET', path: 'thumbnail/get', access: READ, query: ZThumbnailQuery, answer: NOT_JSON }),
});
