/** Settings → developers calls: the account's API keys, and the OpenAPI document of what they reach. */
import useSWR, { mutate } from 'swr';
import { developers } from '../../../shared/contracts/developers.js';
import type { TApiKeyCreated, TApiKeyRequest } from '../../../shared/schemas/developers.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TApiKey, TApiKeyCreated } from '../../../shared/schemas/developers.js';

const API_KEYS_KEY = routeKey(developers.routes.listApiKeys, {});

export function useApiKeys() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(developers.routes.listApiKeys, {});
  return { apiKeys: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Makes a key; the answer holds the key itself, which is never shown again. */
export async function createApiKey(request: TApiKeyRequest): Promise<TApiKeyCreated> {
  const created = await callRoute(developers.routes.createApiKey, { body: request });
  await mutate(API_KEYS_KEY);
  return created;
}

export async function revokeApiKey(id: string): Promise<void> {
  await callRoute(developers.routes.revokeApiKey, { params: { id } });
  await mutate(API_KEYS_KEY);
}

export type OpenApiSchema = { type?: string | string[]; properties?: Record<string, OpenApiSchema>; required?: string[]; enum?: unknown[]; const?: unknown; items?: OpenApiSchema; anyOf?: OpenApiSchema[]; default?: unknown };
export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  'x-scope': string;
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: OpenApiSchema }>;
  requestBody?: { content: { 'application/json': { schema: OpenApiSchema } } };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** The OpenAPI document (public; the same for every user). */
export function useOpenApiDocument() {
  const { data, error, isLoading, mutate: revalidate } = useSWR(routeKey(developers.routes.openApi, {}), async () => {
    const file = await callRoute(developers.routes.openApi, {});
    return JSON.parse(await file.text()) as OpenApiDocument;
  });
  return { document: data, error, isLoading, refetch: () => revalidate() };
}
