/** The account's API keys (settings → developers): create (the key shown once), list, revoke. */
import { randomBytes } from 'node:crypto';
import { formatApiKey } from '../../../shared/domain/api-keys.js';
import type { TPermissions } from '../../../shared/domain/permissions.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TApiKey, TApiKeyCreated } from '../../../shared/schemas/developers.js';
import { deleteApiKey, listApiKeys, putApiKey, type ApiKeyRecord } from '../../data/api-keys.js';
import { hashApiKeySecret } from '../../lib/authenticate-api-key.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

function listed(record: ApiKeyRecord): TApiKey {
  return { id: record.id, name: record.name, scopes: record.scopes, lastFour: record.lastFour, createdAt: record.createdAt, lastUsedAt: record.lastUsedAt };
}

export async function createApiKey(options: { tuid: string; name: string; scopes: TPermissions; now: Date }): Promise<TApiKeyCreated> {
  const { tuid, name, scopes, now } = options;
  const id = timeOrderedId(now);
  const secret = randomBytes(32).toString('base64url');
  const key = formatApiKey({ tuid, id, secret });
  const record: ApiKeyRecord = { tuid, id, name, scopes, secretHash: hashApiKeySecret(secret), lastFour: key.slice(-4), createdAt: now.toISOString(), lastUsedAt: null };
  await putApiKey(record);
  return { apiKey: listed(record), key };
}

export async function listAccountApiKeys(options: { tuid: string }): Promise<{ data: TApiKey[] }> {
  return { data: (await listApiKeys(options.tuid)).map(listed) };
}

/** Revoking deletes the key: calls made with it are refused from then on. VAL-REC-01 for a key the account does not have. */
export async function revokeApiKey(options: { tuid: string; id: string }): Promise<void> {
  if (!(await deleteApiKey(options.tuid, options.id))) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This API key does not exist.');
}
