/**
 * Template sharing routes (spec §4 "Template and group sharing"), served by the templates Lambda
 * (functions/api/templates.ts spreads them in): the owner's side under a template, the receiver's
 * under shared-templates. Each parses its input, calls one service and answers.
 */
import {
  ZChangeShareRightsRequest,
  ZSharedTemplatePathParams,
  ZShareTemplateRequest,
  ZTemplateSharePathParams,
} from '../../shared/schemas/template-sharing.js';
import { ZLockTemplateRequest, ZSaveTemplateRequest, ZTemplatePathParams } from '../../shared/schemas/templates.js';
import { claimsOf, HttpAnswer, type ApiRequest, type RouteFunction } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import {
  acceptShare,
  changeShareRights,
  copySharedTemplate,
  getSharedTemplate,
  leaveShare,
  listSharedWithMe,
  listSharesOfTemplate,
  lockSharedTemplate,
  rejectShare,
  removeShare,
  saveSharedTemplate,
  shareTemplate,
  unlockSharedTemplate,
} from '../services/template-shares.js';

const API = '/api/v1/pageBasedAPI';
const SHARES = `${API}/templates/{templateId}/shares`;
const SHARED = `${API}/shared-templates`;

/** The tenant and the user from the verified token, never from the request. */
const callerOf = (request: ApiRequest) => {
  const { tuid, loginTuid } = claimsOf(request);
  return { tuid, loginTuid };
};
const templateIdOf = (request: ApiRequest) => parseInput(ZTemplatePathParams, { templateId: request.params.templateId }).templateId;
const shareOf = (request: ApiRequest) => parseInput(ZTemplateSharePathParams, request.params);
const shareIdOf = (request: ApiRequest) => parseInput(ZSharedTemplatePathParams, request.params).shareId;

export const templateShareRoutes: Record<string, RouteFunction> = {
  [`GET ${SHARES}`]: async (request) => ({ data: await listSharesOfTemplate({ tuid: callerOf(request).tuid, templateId: templateIdOf(request) }) }),
  [`POST ${SHARES}`]: async (request) => {
    const templateId = templateIdOf(request);
    const input = parseInput(ZShareTemplateRequest, request.body);
    return HttpAnswer.json({ share: await shareTemplate({ ...callerOf(request), templateId, input, now: new Date() }) }, 201);
  },
  [`PUT ${SHARES}/{shareId}`]: async (request) => {
    const { templateId, shareId } = shareOf(request);
    const { rights } = parseInput(ZChangeShareRightsRequest, request.body);
    return { share: await changeShareRights({ ...callerOf(request), templateId, shareId, rights, now: new Date() }) };
  },
  [`DELETE ${SHARES}/{shareId}`]: async (request) => {
    await removeShare({ ...callerOf(request), ...shareOf(request), now: new Date() });
    return { success: true };
  },
  [`GET ${SHARED}`]: async (request) => ({ data: await listSharedWithMe({ tuid: callerOf(request).tuid, now: new Date() }) }),
  [`GET ${SHARED}/{shareId}`]: async (request) => getSharedTemplate({ tuid: callerOf(request).tuid, shareId: shareIdOf(request), now: new Date() }),
  [`PUT ${SHARED}/{shareId}`]: async (request) => {
    const shareId = shareIdOf(request);
    return { template: await saveSharedTemplate({ ...callerOf(request), shareId, input: parseInput(ZSaveTemplateRequest, request.body), now: new Date() }) };
  },
  [`DELETE ${SHARED}/{shareId}`]: async (request) => {
    await leaveShare({ ...callerOf(request), shareId: shareIdOf(request), now: new Date() });
    return { success: true };
  },
  [`POST ${SHARED}/{shareId}/accept`]: async (request) => acceptShare({ ...callerOf(request), shareId: shareIdOf(request), now: new Date() }),
  [`POST ${SHARED}/{shareId}/reject`]: async (request) => {
    await rejectShare({ ...callerOf(request), shareId: shareIdOf(request), now: new Date() });
    return { success: true };
  },
  [`POST ${SHARED}/{shareId}/copy`]: async (request) =>
    HttpAnswer.json({ template: await copySharedTemplate({ ...callerOf(request), shareId: shareIdOf(request), now: new Date() }) }, 201),
  [`POST ${SHARED}/{shareId}/lock`]: async (request) => {
    const shareId = shareIdOf(request);
    parseInput(ZLockTemplateRequest, request.body ?? {});
    return lockSharedTemplate({ ...callerOf(request), shareId, now: new Date() });
  },
  [`DELETE ${SHARED}/{shareId}/lock`]: async (request) => {
    await unlockSharedTemplate({ ...callerOf(request), shareId: shareIdOf(request) });
    return { success: true };
  },
};
