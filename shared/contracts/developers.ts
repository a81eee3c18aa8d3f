/**
 * Developers (spec §2.1 /settings/developers): the account's API keys, and the OpenAPI document
 * of the routes a key reaches. Keys are the owner's own-account settings (spec §6: not a
 * collaborator's), and no key reaches these routes.
 */
import { ZOk } from '../schemas/common.js';
import { ZApiKeyCreated, ZApiKeyList, ZApiKeyParams, ZApiKeyRequest } from '../schemas/developers.js';
import { NOT_JSON, OWN_ACCOUNT, PUBLIC, defineGroup, route } from './route.js';

export const developers = defineGroup('developers', {
  listApiKeys: route({ method: 'GET', path: 'developers/api-keys', access: OWN_ACCOUNT, answer: ZApiKeyList }),
  createApiKey: route({ method: 'POST', path: 'developers/api-keys', access: OWN_ACCOUNT, body: ZApiKeyRequest, answer: ZApiKeyCreated, status: 201 }),
  revokeApiKey: route({ method: 'DELETE', path: 'developers/api-keys/{id}', access: OWN_ACCOUNT, params: ZApiKeyParams, answer: ZOk }),
  openApi: route({ method: 'GET', path: '/api/v1/openapi.json', access: PUBLIC, answer: NOT_JSON }),
});
