/**
 * The OpenAPI 3.1 document of the routes an API key reaches, generated from their contracts
 * (shared/contracts/): zod's own JSON Schema conversion (draft 2020-12, which OpenAPI 3.1 uses)
 * for path parameters, query, body and answer; the scope each route needs as `x-scope`.
 */
import { z } from 'zod';
import { ROUTE_CONTRACTS } from '../../../shared/contracts/index.js';
import { NOT_JSON, type RouteContract } from '../../../shared/contracts/route.js';
import { isReachableWithApiKey } from '../../../shared/domain/api-keys.js';

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string };

/** A schema as JSON Schema; what JSON Schema cannot say (a transform's output) is left open. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', pathNames: string[]): Parameter[] {
  if (!schema) return pathNames.map((name) => ({ name, in: where, required: true, schema: { type: 'string' } }));
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

function scopeOf(route: RouteContract): string {
  const { access } = route;
  if (access.kind === 'section') return `${access.section}:${access.flag}`;
  if (access.kind === 'fileManager') return 'write on email, sms or template';
  return 'read on contact, email or sms';
}

function operationOf(route: RouteContract): Record<string, unknown> {
  const pathNames = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const parameters = [...parametersOf(route.params, 'path', pathNames), ...(route.query ? parametersOf(route.query, 'query', []) : [])];
  const status = String(route.status ?? 200);
  const success =
    route.answer === NOT_JSON
      ? { description: 'A file, a redirect to one, or text.' }
      : { description: 'Success.', content: { 'application/json': { schema: jsonSchemaOf(route.answer, 'output') } } };
  const error = { description: 'An error in the shape of every error answer.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    operationId: route.name,
    tags: [route.group],
    'x-scope': scopeOf(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses: { [status]: success, '401': error, '403': error, '429': error, default: error },
  };
}

function buildDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTE_CONTRACTS.filter(isReachableWithApiKey)) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campaign Platform API',
      version: '1',
      description: 'Every route an API key reaches. Send the key as `Authorization: Bearer <key>`; a route outside its scopes answers 403, and more calls than its rate answer 429 with Retry-After.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in settings → developers.' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['statusCode', 'message'],
          properties: { statusCode: { type: 'string' }, message: { type: 'string' }, lockedBy: { type: 'string' }, numOfRecentlyUsed: { type: 'integer' } },
        },
      },
    },
  };
}

let built: Record<string, unknown> | undefined;

/** The document; the contracts do not change while the code runs, so it is built once. */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildDocument();
  return built;
}
