import { developers } from '../../shared/contracts/developers.js';
import { OK } from '../../shared/schemas/common.js';
import { HttpAnswer, createApiHandler } from '../lib/http.js';
import { createApiKey, listAccountApiKeys, revokeApiKey } from '../services/developers/api-keys.js';
import { openApiDocument } from '../services/developers/openapi.js';
import {
  changeWebhookEndpointStatus,
  createWebhookEndpoint,
  listAccountWebhookEndpoints,
  listEndpointDeliveries,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  sendWebhookTest,
} from '../services/webhooks/endpoints.js';

/** Settings → developers: the account's API keys and webhook endpoints, and the OpenAPI document of what keys reach. */
export const handler = createApiHandler(developers, {
  listApiKeys: async ({ caller }) => listAccountApiKeys({ tuid: caller.tuid }),
  createApiKey: async ({ caller, body, now }) => createApiKey({ tuid: caller.tuid, name: body.name, scopes: body.scopes, now }),
  revokeApiKey: async ({ caller, params }) => {
    await revokeApiKey({ tuid: caller.tuid, id: params.id });
    return OK;
  },
  listWebhookEndpoints: async ({ caller }) => listAccountWebhookEndpoints({ tuid: caller.tuid }),
  createWebhookEndpoint: async ({ caller, body, now }) => createWebhookEndpoint({ tuid: caller.tuid, ...body, now }),
  setWebhookEndpointStatus: async ({ caller, params, body, now }) => changeWebhookEndpointStatus({ tuid: caller.tuid, id: params.id, status: body.status, now }),
  deleteWebhookEndpoint: async ({ caller, params }) => {
    await removeWebhookEndpoint({ tuid: caller.tuid, id: params.id });
    return OK;
  },
  listWebhookDeliveries: async ({ caller, params }) => listEndpointDeliveries({ tuid: caller.tuid, id: params.id }),
  sendWebhookTest: async ({ caller, params, now }) => sendWebhookTest({ tuid: caller.tuid, id: params.id, now }),
  resendWebhookDelivery: async ({ caller, params, now }) => resendWebhookDelivery({ tuid: caller.tuid, id: params.id, deliveryId: params.deliveryId, now }),
  openApi: async () => {
    const answer = HttpAnswer.json(openApiDocument());
    // Public and the same for everyone until the next deployment.
    return new HttpAnswer(answer.statusCode, answer.body, { ...answer.headers, 'cache-control': 'public, max-age=300' });
  },
});
