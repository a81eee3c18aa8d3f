import {
  ZConvertPageRequest,
  ZCopyTemplateRequest,
  ZCreateTemplateRequest,
  ZDeleteTemplatesRequest,
  ZLockTemplateRequest,
  ZRenameTemplateRequest,
  ZSaveTemplateRequest,
  ZTemplateListQuery,
  ZTemplatePathParams,
  ZTestSendTemplateRequest,
  ZThumbnailQuery,
} from '../../shared/schemas/templates.js';
import { claimsOf, createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import {
  copyTemplate,
  createTemplate,
  deleteTemplates,
  getTemplate,
  listTemplates,
  lockTemplate,
  renameTemplate,
  saveTemplate,
  unlockTemplate,
} from '../services/templates.js';
import { sendTemplateTest } from '../services/template-test-send.js';
import { convertPage } from '../services/page-conversion.js';
import { templateShareRoutes } from './template-shares.js';
import { getTemplateThumbnail } from '../services/template-thumbnails.js';

const TEMPLATES = '/api/v1/pageBasedAPI/templates';
const THUMBNAIL = '/api/v1/pageBasedAPI/thumbnail/get';

/**
 * Shown through <img>, an SVG runs nothing; opened on its own it is a document, and the policy
 * keeps it from running or loading anything there too.
 */
const THUMBNAIL_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'x-content-type-options': 'nosniff',
};

/** The tenant and the user from the verified token, never from the request. */
const callerOf = (request: ApiRequest) => {
  const { tuid, loginTuid } = claimsOf(request);
  return { tuid, loginTuid };
};

/** A malformed id is bad input (400), checked before anything is read. */
const templateIdOf = (request: ApiRequest) => parseInput(ZTemplatePathParams, request.params).templateId;

export const handler = createApiHandler('templates', {
  ...templateShareRoutes,
  [`GET ${TEMPLATES}`]: async (request) => listTemplates({ tuid: callerOf(request).tuid, query: parseInput(ZTemplateListQuery, request.query), now: new Date() }),
  [`POST ${TEMPLATES}`]: async (request) =>
    HttpAnswer.json({ template: await createTemplate({ ...callerOf(request), input: parseInput(ZCreateTemplateRequest, request.body), now: new Date() }) }, 201),
  [`POST ${TEMPLATES}/convert`]: async (request) => convertPage({ input: parseInput(ZConvertPageRequest, request.body) }),
  [`GET ${TEMPLATES}/{templateId}`]: async (request) => ({
    template: await getTemplate({ tuid: callerOf(request).tuid, templateId: templateIdOf(request), now: new Date() }),
  }),
  [`PUT ${TEMPLATES}/{templateId}`]: async (request) => {
    const templateId = templateIdOf(request);
    return { template: await saveTemplate({ ...callerOf(request), templateId, input: parseInput(ZSaveTemplateRequest, request.body), now: new Date() }) };
  },
  [`PUT ${TEMPLATES}/{templateId}/name`]: async (request) => {
    const templateId = templateIdOf(request);
    return { template: await renameTemplate({ ...callerOf(request), templateId, name: parseInput(ZRenameTemplateRequest, request.body).name, now: new Date() }) };
  },
  [`POST ${TEMPLATES}/{templateId}/copy`]: async (request) => {
    const templateId = templateIdOf(request);
    const { name } = parseInput(ZCopyTemplateRequest, request.body ?? {});
    return HttpAnswer.json({ template: await copyTemplate({ ...callerOf(request), templateId, name, now: new Date() }) }, 201);
  },
  [`DELETE ${TEMPLATES}/{templateId}`]: async (request) => {
    await deleteTemplates({ ...callerOf(request), templateIds: [templateIdOf(request)], requireAll: true, now: new Date() });
    return { success: true };
  },
  [`DELETE ${TEMPLATES}`]: async (request) => ({
    deleted: await deleteTemplates({ ...callerOf(request), templateIds: parseInput(ZDeleteTemplatesRequest, request.body).ids, requireAll: false, now: new Date() }),
  }),
  [`POST ${TEMPLATES}/{templateId}/lock`]: async (request) => {
    const templateId = templateIdOf(request);
    parseInput(ZLockTemplateRequest, request.body ?? {});
    return lockTemplate({ ...callerOf(request), templateId, now: new Date() });
  },
  [`DELETE ${TEMPLATES}/{templateId}/lock`]: async (request) => {
    await unlockTemplate({ ...callerOf(request), templateId: templateIdOf(request) });
    return { success: true };
  },
  [`GET ${THUMBNAIL}`]: async (request) => {
    const { svg, isRequestedVersion } = await getTemplateThumbnail({ tuid: callerOf(request).tuid, query: parseInput(ZThumbnailQuery, request.query) });
    const caching = isRequestedVersion ? 'private, max-age=31536000, immutable' : 'private, no-cache';
    return new HttpAnswer(200, svg, { ...THUMBNAIL_HEADERS, 'cache-control': caching });
  },
  [`POST ${TEMPLATES}/{templateId}/test-send`]: async (request) => {
    const templateId = templateIdOf(request);
    return sendTemplateTest({ ...callerOf(request), templateId, input: parseInput(ZTestSendTemplateRequest, request.body ?? {}), now: new Date() });
  },
});
