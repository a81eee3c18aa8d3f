import { describe, expect, it } from 'vitest';
import { curlExample, exampleOf } from '../../../../web/src/routes/settings/developers/curl-example.js';

describe('the curl example of an operation', () => {
  it('sends the key and a body of the required properties only, quoted for the shell', () => {
    // Act
    const curl = curlExample({
      origin: 'https://app.example.com',
      path: '/api/v1/pageBasedAPI/contacts/schemas',
      method: 'post',
      operation: {
        operationId: 'contacts.createField',
        tags: ['contacts'],
        'x-scope': 'contact:write',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name', 'type'], properties: { name: { type: 'string' }, type: { enum: ['text', 'number'] }, choices: { type: 'array' } } },
            },
          },
        },
      },
    });

    // Assess
    expect(curl).toBe(
      [
        `curl -X POST 'https://app.example.com/api/v1/pageBasedAPI/contacts/schemas' \\`,
        `  -H "Authorization: Bearer $API_KEY" \\`,
        `  -H 'content-type: application/json' \\`,
        `  -d '{"name":"string","type":"text"}'`,
      ].join('\n'),
    );
  });

  it('fills required query parameters, and escapes a quote in a value', () => {
    // Act
    const curl = curlExample({
      origin: 'http://localhost:3000',
      path: '/api/v1/pageBasedAPI/campaigns',
      method: 'get',
      operation: { operationId: 'x', tags: ['x'], 'x-scope': 'email:read', parameters: [{ name: 'tab', in: 'query', required: true, schema: { enum: ["it's"] } }, { name: 'page', in: 'query', required: false, schema: { type: 'integer' } }] },
    });

    // Assess
    expect(curl.split(' \\\n')[0]).toBe(`curl -X GET 'http://localhost:3000/api/v1/pageBasedAPI/campaigns?tab=it'\\''s'`);
    expect(exampleOf({ type: ['integer', 'null'] })).toBe(0);
  });
});
