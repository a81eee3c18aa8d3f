/**
 * The OpenAPI 3.1 document at /api/v1/openapi.json: public, generated from the route contracts,
 * listing exactly the routes an API key reaches, each with the scope it needs and its schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_CONTRACTS } from '../../../shared/contracts/index.js';
import { isReachableWithApiKey } from '../../../shared/domain/api-keys.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

type Operation = { operationId: string; 'x-scope': string; requestBody?: { content: Record<string, { schema: { type?: string } }> }; responses: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

describe('the OpenAPI document', () => {
  it('is served without a session and lists every route an API key reaches, and no other', async () => {
    // Act
    const answer = await api.request<Document>('GET', '/api/v1/openapi.json');

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const document = answer.body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`));
    const reachable = ROUTE_CONTRACTS.filter(isReachableWithApiKey).map((route) => `${route.method} ${route.path} ${route.name}`);
    expect(listed.sort()).toEqual(reachable.sort());
    expect(listed.some((line) => line.includes('developers') || line.includes('sms/calling-codes') || line.includes('notification/'))).toBe(false);
  });

  it('describes a route by its contract: its scope, its body schema and its success status', async () => {
    // Act
    const { body: document } = await api.request<Document>('GET', '/api/v1/openapi.json');
    const createContact = document.paths['/api/v1/pageBasedAPI/contacts'].post;

    // Assess
    expect(createContact.operationId).toBe('contacts.create');
    expect(createContact['x-scope']).toBe('contact:write');
    expect(createContact.requestBody?.content['application/json'].schema.type).toBe('object');
    expect(Object.keys(createContact.responses)).toEqual(expect.arrayContaining(['201', '403', '429']));
  });
});
