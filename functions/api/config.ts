import { config as configContract } from '../../shared/contracts/config.js';
import { config } from '../lib/config.js';
import { createApiHandler } from '../lib/http.js';

export const handler = createApiHandler(configContract, {
  get: async () => {
    const { STAGE, WEBSOCKET_URL, IDLE_TIME_MS, KNOWLEDGE_BASE_URL, SUPPORT_EMAIL, SUPPORT_PHONE, STRIPE_PUBLISHABLE_KEY, STRIPE_API_URL } = config();
    return {
      stage: STAGE,
      websocketUrl: WEBSOCKET_URL ?? null,
      idleTime: IDLE_TIME_MS,
      lockingEnabled: true,
      supportEmail: SUPPORT_EMAIL,
      supportPhone: SUPPORT_PHONE,
      ...(KNOWLEDGE_BASE_URL ? { knowledgeBaseUrl: KNOWLEDGE_BASE_URL } : {}),
      stripe: { publishableKey: STRIPE_PUBLISHABLE_KEY ?? null, standInUrl: STRIPE_API_URL ?? null },
    };
  },
});
