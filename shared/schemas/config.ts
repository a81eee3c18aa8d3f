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
  /**
   * Card entry: Stripe's publishable key, and the local Stripe stand-in's address when cards are
   * entered through its test-mode form instead of Stripe Elements (the local host and tests; null in AWS).
   * A null key: no card can be entered.
   */
  stripe: z.object({ publishableKey: z.string().nullable(), standInUrl: z.string().nullable() }),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
