/** Settings → developers calls: the account's API keys and webhook endpoints, and the OpenAPI document of what keys reach. */
import useSWR, { mutate } from 'swr';
import { developers } from '../../../shared/contracts/developers.js';
import type { TApiKeyCreated, TApiKeyRequest, TWebhookDelivery, TWebhookEndpoint, TWebhookEndpointCreated, TWebhookEndpointRequest } from '../../../shared/schemas/developers.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TApiKey, TApiKeyCreated, TWebhookDelivery, TWebhookEndpoint } from '../../../shared/schemas/developers.js';

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

const WEBHOOKS_KEY = routeKey(developers.routes.listWebhookEndpoints, {});
const deliveriesKey = (id: string) => routeKey(developers.routes.listWebhookDeliveries, { params: { id } });

export function useWebhookEndpoints() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(developers.routes.listWebhookEndpoints, {});
  return { endpoints: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Registers an endpoint; the answer holds its signing secret, which is never shown again. */
export async function createWebhookEndpoint(request: TWebhookEndpointRequest): Promise<TWebhookEndpointCreated> {
  const created = await callRoute(developers.routes.createWebhookEndpoint, { body: request });
  await mutate(WEBHOOKS_KEY);
  return created;
}

export async function setWebhookEndpointStatus(id: string, status: TWebhookEndpoint['status']): Promise<void> {
  await callRoute(developers.routes.setWebhookEndpointStatus, { params: { id }, body: { status } });
  await mutate(WEBHOOKS_KEY);
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await callRoute(developers.routes.deleteWebhookEndpoint, { params: { id } });
  await mutate(WEBHOOKS_KEY);
}

/** An endpoint's latest deliveries, refreshed every few seconds while shown (retries land on their own). */
export function useWebhookDeliveries(id: string) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(developers.routes.listWebhookDeliveries, { params: { id } }, { refreshInterval: 3_000 });
  return { deliveries: data?.data, error, isLoading, refetch: () => revalidate() };
}

export async function sendWebhookTest(id: string): Promise<TWebhookDelivery> {
  const queued = await callRoute(developers.routes.sendWebhookTest, { params: { id } });
  await mutate(deliveriesKey(id));
  return queued;
}

export async function resendWebhookDelivery(id: string, deliveryId: string): Promise<TWebhookDelivery> {
  const queued = await callRoute(developers.routes.resendWebhookDelivery, { params: { id, deliveryId } });
  await mutate(deliveriesKey(id));
  return queued;
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
