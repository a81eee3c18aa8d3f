import useSWR from 'swr';
import { apiRequest } from './client.js';

/** GET /config (docs/api-contract.md); public, so it is read without a token. */
export type TAppConfig = {
  stage: string;
  websocketUrl: string;
  supportEmail: string;
  supportPhone: string;
  lockingEnabled: boolean;
  idleTime: number;
  /** The help centre, when the deployment has one; the knowledge-base link shows only then. */
  knowledgeBaseUrl?: string;
};

export const CONFIG_PATH = '/config';

export function useAppConfig() {
  const { data } = useSWR<TAppConfig>(CONFIG_PATH, (path: string) => apiRequest<TAppConfig>({ path, auth: false }), {
    revalidateOnFocus: false,
  });
  return data;
}
