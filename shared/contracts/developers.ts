/**
 * Developers (spec §2.1 /settings/developers): the account's API keys and webhook endpoints (with
 * each endpoint's delivery log), and the OpenAPI document of the routes a key reaches. Keys are the owner's own-account settings (spec §6: not a
 * collaborator's), and no key reaches these routes.
 */
import { ZOk } from '../schemas/common.js';
import {
  ZApiKeyCreated,
  ZApiKeyList,
  ZApiKeyParams,
  ZApiKeyRequest,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointList,
  ZWebhookEndpointParams,
  ZWebhookEndpointRequest,
  ZWebhookEndpointStatusRequest,
} from '../schemas/developers.js';
import { NOT_JSON, OWN_ACCOUNT, PUBLIC, defineGroup, route } from './route.js';

export const developers = defineGroup('developers', {
  listApiKeys: route({ method: 'GET', path: 'developers/api-keys', access: OWN_ACCOUNT, answer: ZApiKeyList }),
  createApiKey: route({ method: 'POST', path: 'developers/api-keys', access: OWN_ACCOUNT, body: ZApiKeyRequest, answer: ZApiKeyCreated, status: 201 }),
  revokeApiKey: route({ method: 'DELETE', path: 'developers/api-keys/{id}', access: OWN_ACCOUNT, params: ZApiKeyParams, answer: ZOk }),
  listWebhookEndpoints: route({ method: 'GET', path: 'developers/webhooks', access: OWN_ACCOUNT, answer: ZWebhookEndpointList }),
  createWebhookEndpoint: route({ method: 'POST', path: 'developers/webhooks', access: OWN_ACCOUNT, body: ZWebhookEndpointRequest, answer: ZWebhookEndpointCreated, status: 201 }),
  setWebhookEndpointStatus: route({ method: 'PUT', path: 'developers/webhooks/{id}/status', access: OWN_ACCOUNT, params: ZWebhookEndpointParams, body: ZWebhookEndpointStatusRequest, answer: ZWebhookEndpoint }),
  deleteWebhookEndpoint: route({ method: 'DELETE', path: 'developers/webhooks/{id}', access: OWN_ACCOUNT, params: ZWebhookEndpointParams, answer: ZOk }),
  listWebhookDeliveries: route({ method: 'GET', path: 'developers/webhooks/{id}/deliveries', access: OWN_ACCOUNT, params: ZWebhookEndpointParams, answer: ZWebhookDeliveryList }),
  sendWebhookTest: route({ method: 'POST', path: 'developers/webhooks/{id}/test', access: OWN_ACCOUNT, params: ZWebhookEndpointParams, answer: ZWebhookDelivery, status: 201 }),
  resendWebhookDelivery: route({ method: 'POST', path: 'developers/webhooks/{id}/deliveries/{deliveryId}/resend', access: OWN_ACCOUNT, params: ZWebhookDeliveryParams, answer: ZWebhookDelivery, status: 201 }),
  openApi: route({ method: 'GET', path: '/api/v1/openapi.json', access: PUBLIC, answer: NOT_JSON }),
});
