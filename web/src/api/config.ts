import { config } from '../../../shared/contracts/config.js';
import type { TAppConfig } from '../../../shared/schemas/config.js';
import { useRoute } from './routes.js';

export type { TAppConfig };

/** GET /config; public, so it is read without a token. */
export function useAppConfig() {
  const { data } = useRoute(config.routes.get, {}, { revalidateOnFocus: false });
  return data;
}
