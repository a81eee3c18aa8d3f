import { developers } from '../../shared/contracts/developers.js';
import { OK } from '../../shared/schemas/common.js';
import { HttpAnswer, createApiHandler } from '../lib/http.js';
import { createApiKey, listAccountApiKeys, revokeApiKey } from '../services/developers/api-keys.js';
import { openApiDocument } from '../services/developers/openapi.js';

/** Settings → developers: the account's API keys, and the OpenAPI document of what they reach. */
export const handler = createApiHandler(developers, {
  listApiKeys: async ({ caller }) => listAccountApiKeys({ tuid: caller.tuid }),
  createApiKey: async ({ caller, body, now }) => createApiKey({ tuid: caller.tuid, name: body.name, scopes: body.scopes, now }),
  revokeApiKey: async ({ caller, params }) => {
    await revokeApiKey({ tuid: caller.tuid, id: params.id });
    return OK;
  },
  openApi: async () => {
    const answer = HttpAnswer.json(openApiDocument());
    // Public and the same for everyone until the next deployment.
    return new HttpAnswer(answer.statusCode, answer.body, { ...answer.headers, 'cache-control': 'public, max-age=300' });
  },
});
