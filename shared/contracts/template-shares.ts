/**
 * Template sharing (spec §4 "Template and group sharing"), routes of the templates group: the owner
 * shares or sends a copy and manages who has it; the receiver (shared-templates) answers, reads,
 * copies and, with edit rights, edits under the same edit lock. Adding anything to the account
 * needs template write.
 */
import { TEMPLATE_LIMITS } from '../domain/templates.js';
import { ZOk } from '../schemas/common.js';
import {
  ZAcceptShareResponse,
  ZChangeShareRightsRequest,
  ZReceivedShareListResponse,
  ZSharedTemplatePathParams,
  ZSharedTemplateResponse,
  ZShareTemplateRequest,
  ZTemplateSharePathParams,
  ZTemplateShareListResponse,
  ZTemplateShareResponse,
} from '../schemas/template-sharing.js';
import { ZLockTemplateRequest, ZSaveTemplateRequest, ZTemplateLockResponse, ZTemplatePathParams, ZTemplateSummaryResponse } from '../schemas/templates.js';
import { route, section } from './route.js';

const READ = section('template', 'read');
const WRITE = section('template', 'write');

export const TEMPLATE_SHARE_ROUTES = {
  listShares: route({ method: 'GET', path: 'templates/{templateId}/shares', access: READ, params: ZTemplatePathParams, answer: ZTemplateShareListResponse }),
  share: route({
    method: 'POST',
    path: 'templates/{templateId}/shares',
    access: WRITE,
    params: ZTemplatePathParams,
    body: ZShareTemplateRequest,
    answer: ZTemplateShareResponse,
    status: 201,
  }),
  changeShareRights: route({
    method: 'PUT',
    path: 'templates/{templateId}/shares/{shareId}',
    access: WRITE,
    params: ZTemplateSharePathParams,
    body: ZChangeShareRightsRequest,
    answer: ZTemplateShareResponse,
  }),
  removeShare: route({ method: 'DELETE', path: 'templates/{templateId}/shares/{shareId}', access: WRITE, params: ZTemplateSharePathParams, answer: ZOk }),
  sharedWithMe: route({ method: 'GET', path: 'shared-templates', access: READ, answer: ZReceivedShareListResponse }),
  getShared: route({ method: 'GET', path: 'shared-templates/{shareId}', access: READ, params: ZSharedTemplatePathParams, answer: ZSharedTemplateResponse }),
  saveShared: route({
    method: 'PUT',
    path: 'shared-templates/{shareId}',
    access: WRITE,
    params: ZSharedTemplatePathParams,
    body: ZSaveTemplateRequest,
    answer: ZTemplateSummaryResponse,
    maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes,
  }),
  leaveShare: route({ method: 'DELETE', path: 'shared-templates/{shareId}', access: WRITE, params: ZSharedTemplatePathParams, answer: ZOk }),
  acceptShare: route({ method: 'POST', path: 'shared-templates/{shareId}/accept', access: WRITE, params: ZSharedTemplatePathParams, answer: ZAcceptShareResponse }),
  rejectShare: route({ method: 'POST', path: 'shared-templates/{shareId}/reject', access: WRITE, params: ZSharedTemplatePathParams, answer: ZOk }),
  copyShared: route({
    method: 'POST',
    path: 'shared-templates/{shareId}/copy',
    access: WRITE,
    params: ZSharedTemplatePathParams,
    answer: ZTemplateSummaryResponse,
    status: 201,
  }),
  lockShared: route({
    method: 'POST',
    path: 'shared-templates/{shareId}/lock',
    access: WRITE,
    params: ZSharedTemplatePathParams,
    body: ZLockTemplateRequest.prefault({}),
    answer: ZTemplateLockResponse,
  }),
  unlockShared: route({ method: 'DELETE', path: 'shared-templates/{shareId}/lock', access: WRITE, params: ZSharedTemplatePathParams, answer: ZOk }),
};
