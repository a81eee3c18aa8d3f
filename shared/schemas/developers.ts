import { z } from 'zod';
import { grantsAnything } from '../domain/api-keys.js';
import { ZName, ZTimeOrderedId } from './common.js';
import { ZPermissions } from './permissions.js';

/** A new API key: its name and its scopes, the section flags of spec §6 it may use. */
export const ZApiKeyRequest = z.object({
  name: ZName(100),
  scopes: ZPermissions.refine(grantsAnything, { message: 'choose at least one scope' }),
});
export type TApiKeyRequest = z.infer<typeof ZApiKeyRequest>;

/** A key as listed: never its secret, only its last four characters to tell keys apart. */
export const ZApiKey = z.object({
  id: ZTimeOrderedId,
  name: z.string(),
  scopes: ZPermissions,
  lastFour: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ data: z.array(ZApiKey) });

/** The answer of a creation: the key itself, shown this once. */
export const ZApiKeyCreated = z.object({ apiKey: ZApiKey, key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyParams = z.object({ id: ZTimeOrderedId });
