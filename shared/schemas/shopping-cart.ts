import { z } from 'zod';

/** Cart item of billing §3; `price` in minor units of `currency`. */
export const ZCartItem = z.object({
  id: z.string(),
  itemType: z.enum(['email', 'attachment', 'dynamicattachment', 'sms', 'filestorage', 'team', 'ip', 'dns']),
  planType: z.enum(['monthly', 'refill', 'others']),
  quantity: z.number(),
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  price: z.number(),
  currency: z.string(),
  additionalInfo: z.object({ domain: z.string().optional() }).optional(),
});
export type TCartItem = z.infer<typeof ZCartItem>;
export const ZCart = z.object({ count: z.number().int(), result: z.array(ZCartItem) });
export type TCart = z.infer<typeof ZCart>;
