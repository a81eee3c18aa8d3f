import { z } from 'zod';

/** GET /config: what the web app needs before sign-in; nothing secret. */
export const ZAppConfig = z.object({
  stage: z.string(),
  websocketUrl: z.string().nullable(),
  idleTime: z.number().int(),
  lockingEnabled: z.boolean(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  /** The help centre, when the deployment has one; the knowledge-base link shows only then. */
  knowledgeBaseUrl: z.string().optional(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
