import { config } from '../lib/config.js';
import { createApiHandler } from '../lib/http.js';

/** GET /config: what the web app needs before sign-in; nothing secret. */
export const handler = createApiHandler('config', {
  'GET /config': async () => {
    const { STAGE, WEBSOCKET_URL, IDLE_TIME_MS } = config();
    return {
      stage: STAGE,
      websocketUrl: WEBSOCKET_URL ?? null,
      idleTime: IDLE_TIME_MS,
      lockingEnabled: true,
      supportEmail: 'support@example.com',
      supportPhone: '+852 0000 0000',
    };
  },
});
