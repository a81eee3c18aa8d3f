/** A curl command for one operation of the OpenAPI document: its method, path, the key header and a minimal body. */
import type { OpenApiOperation, OpenApiSchema } from '../../../api/developers.js';

/** The smallest value a schema accepts, near enough to edit: required properties only, first enum value. */
export function exampleOf(schema: OpenApiSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name])]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return 'string';
    default:
      return null;
  }
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlExample(options: { origin: string; path: string; method: string; operation: OpenApiOperation }): string {
  const { origin, path, method, operation } = options;
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  const search = query.length > 0 ? `?${query.map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter.schema)))}`).join('&')}` : '';
  const lines = [`curl -X ${method.toUpperCase()} ${quoted(`${origin}${path}${search}`)}`, `  -H "Authorization: Bearer $API_KEY"`];
  const body = operation.requestBody?.content['application/json'].schema;
  if (body) lines.push(`  -H 'content-type: application/json'`, `  -d ${quoted(JSON.stringify(exampleOf(body)))}`);
  return lines.join(' \\\n');
}
