import { templates } from '../../shared/contracts/templates.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler, HttpAnswer } from '../lib/http.js';
import { convertPage } from '../services/templates/page-conversion.js';
import { sendTemplateTest } from '../services/templates/template-test-send.js';
import { getTemplateThumbnail } from '../services/templates/template-thumbnails.js';
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
} from '../services/templates/templates.js';
import { templateShareHandlers } from './template-shares.js';

/**
 * Shown through <img>, an SVG runs nothing; opened on its own it is a document, and the policy
 * keeps it from running or loading anything there too.
 */
const THUMBNAIL_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'x-content-type-options': 'nosniff',
};

export const handler = createApiHandler(templates, {
  ...templateShareHandlers,
  list: async ({ caller: { tuid }, query, now }) => listTemplates({ tuid, query, now }),
  create: async ({ caller: { tuid, loginTuid }, body, now }) => ({ template: await createTemplate({ tuid, loginTuid, input: body, now }) }),
  convert: async ({ body }) => convertPage({ input: body }),
  get: async ({ caller: { tuid }, params, now }) => ({ template: await getTemplate({ tuid, templateId: params.templateId, now }) }),
  save: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    template: await saveTemplate({ tuid, loginTuid, templateId: params.templateId, input: body, now }),
  }),
  rename: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    template: await renameTemplate({ tuid, loginTuid, templateId: params.templateId, name: body.name, now }),
  }),
  copy: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    template: await copyTemplate({ tuid, loginTuid, templateId: params.templateId, name: body.name, now }),
  }),
  delete: async ({ caller: { tuid, loginTuid }, params, now }) => {
    await deleteTemplates({ tuid, loginTuid, templateIds: [params.templateId], requireAll: true, now });
    return OK;
  },
  deleteMany: async ({ caller: { tuid, loginTuid }, body, now }) => ({
    deleted: await deleteTemplates({ tuid, loginTuid, templateIds: body.ids, requireAll: false, now }),
  }),
  lock: async ({ caller: { tuid, loginTuid }, params, now }) => lockTemplate({ tuid, loginTuid, templateId: params.templateId, now }),
  unlock: async ({ caller: { tuid, loginTuid }, params }) => {
    await unlockTemplate({ tuid, loginTuid, templateId: params.templateId });
    return OK;
  },
  thumbnail: async ({ caller: { tuid }, query }) => {
    const { svg, isRequestedVersion } = await getTemplateThumbnail({ tuid, query });
    const caching = isRequestedVersion ? 'private, max-age=31536000, immutable' : 'private, no-cache';
    return new HttpAnswer(200, svg, { ...THUMBNAIL_HEADERS, 'cache-control': caching });
  },
  testSend: async ({ caller: { tuid, loginTuid }, params, body, now }) => sendTemplateTest({ tuid, loginTuid, templateId: params.templateId, input: body, now }),
});
