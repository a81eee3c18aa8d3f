import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToSink } from '../../../functions/channels/sink.js';
import type { RouteDefinition } from '../../../functions/routes.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';

const fixtureRoute = (method: RouteDefinition['method'], path: string): RouteDefinition => ({
  method,
  path,
  group: 'config',
  access: { kind: 'public' },
  clientTimeoutMs: 5_000,
});

const ROUTES: RouteDefinition[] = [
  fixtureRoute('GET', '/api/items/{id}'),
  fixtureRoute('GET', '/api/items/special'),
  fixtureRoute('POST', '/api/items/{id}/files/{name}'),
];

let host: TestHost;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  host = await startTestHost({ resolveModule: resolveFixtureModule, routes: ROUTES, queues: [], webDist, log: () => {} });
});

afterAll(async () => {
  await host?.stop();
  await rm(webDist, { recursive: true, force: true });
});

async function echo(path: string, init?: RequestInit): Promise<APIGatewayProxyEventV2> {
  const response = await fetch(`${host.url}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as APIGatewayProxyEventV2;
}

describe('API routes as API Gateway HTTP API events', () => {
  it('passes path parameters, query, headers and cookies in the payload 2.0 shape', async () => {
    // Act
    const event = await echo('/api/items/a%20b?tag=x&tag=y&q=%C3%A9', { headers: { 'X-Custom': 'Yes', cookie: 'sid=1; theme=dark' } });

    // Assess
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/items/{id}',
      rawPath: '/api/items/a b',
      rawQueryString: 'tag=x&tag=y&q=%C3%A9',
      pathParameters: { id: 'a b' },
      queryStringParameters: { tag: 'x,y', q: 'é' },
      cookies: ['sid=1', 'theme=dark'],
      isBase64Encoded: false,
      requestContext: { routeKey: 'GET /api/items/{id}', stage: '$default', http: { method: 'GET', path: '/api/items/a b', sourceIp: '127.0.0.1' } },
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[A-Za-z0-9+/]{14}[A-Za-z0-9+/=]{2}$/);
    expect(event.requestContext.timeEpoch).toBeGreaterThan(Date.now() - 60_000);
  });

  it('prefers a literal segment over a {param}', async () => {
    // Act
    const event = await echo('/api/items/special');

    // Assess
    expect(event.routeKey).toBe('GET /api/items/special');
    expect(event.pathParameters).toBeUndefined();
  });

  it('passes a JSON body as text and a binary body base64-encoded', async () => {
    // Prepare
    const bytes = Buffer.from([0, 159, 146, 150, 255]);

    // Act
    const json = await echo('/api/items/1/files/a.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    const binary = await echo('/api/items/1/files/b.bin', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes });

    // Assess
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false, pathParameters: { id: '1', name: 'a.json' } });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body ?? '', 'base64')).toEqual(bytes);
  });

  it('maps results back: base64 bodies, cookies, the inferred format and a thrown error', async () => {
    // Act
    const binary = await fetch(`${host.url}/api/items/1?answer=binary`);
    const cookies = await fetch(`${host.url}/api/items/1?answer=cookies`);
    const inferred = await fetch(`${host.url}/api/items/1?answer=inferred`);
    const failed = await fetch(`${host.url}/api/items/1?answer=throw`);

    // Assess
    expect(binary.status).toBe(201);
    expect(binary.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await binary.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
    expect([inferred.status, await inferred.json()]).toEqual([200, { inferred: true }]);
    expect([failed.status, await failed.json()]).toEqual([500, { message: 'Internal Server Error' }]);
  });

  it('answers an unknown route, or a known path with another method, with the 404 error shape', async () => {
    // Act
    const unknown = await fetch(`${host.url}/api/nothing/here`);
    const wrongMethod = await fetch(`${host.url}/api/items/special`, { method: 'DELETE' });

    // Assess
    expect([unknown.status, await unknown.json()]).toEqual([404, { statusCode: 'OTH-X-404', message: 'No route for GET /api/nothing/here' }]);
    expect(await wrongMethod.json()).toEqual({ statusCode: 'OTH-X-404', message: 'No route for DELETE /api/items/special' });
  });

  it('refuses a body over the 6 MB Lambda limit with 413', async () => {
    // Act
    const response = await fetch(`${host.url}/api/items/1/files/big`, { method: 'POST', body: Buffer.alloc(6 * 1024 * 1024 + 1) });

    // Assess
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 'VALIDATE_MALFORMED_REQUEST' });
  });

  it.each([
    ['chunked, without a length', 'transfer-encoding: chunked'],
    ['with its length declared', `content-length: ${UPLOAD_BYTES}`],
  ])('answers a 7 MB upload streamed %s with the 413 error shape, which a client reading after its upload still gets', async (_, framing) => {
    // Act
    const answer = await uploadThenRead(new URL(`${host.url}/api/items/1/files/big`), framing);

    // Assess
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 'VALIDATE_MALFORMED_REQUEST', message: expect.stringContaining('exceeds') });
  });
});

const UPLOAD_BYTES = 7 * 1024 * 1024;

/**
 * Uploads UPLOAD_BYTES as a browser does (the whole body first, then the answer is read), with
 * backpressure; rejects with the socket's error when the server resets the connection mid-upload.
 */
function uploadThenRead(url: URL, framing: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('error', reject);
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const body = completeBody(head, received.subarray(headEnd + 4));
      if (body === undefined) return;
      socket.destroy();
      resolve({ head, body });
    });
    socket.pause();
    const isChunked = framing.startsWith('transfer-encoding');
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const parts = function* () {
      yield Buffer.from(`POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/octet-stream\r\n${framing}\r\n\r\n`);
      for (let sent = 0; sent < UPLOAD_BYTES; sent += chunk.length) yield isChunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
      if (isChunked) yield Buffer.from('0\r\n\r\n');
    };
    const pending = parts();
    const writeMore = (): void => {
      for (let next = pending.next(); !next.done; next = pending.next()) {
        if (!socket.write(next.value)) {
          socket.once('drain', writeMore);
          return;
        }
      }
      // Only now, as a browser does, is the answer read.
      socket.resume();
    };
    writeMore();
  });
}

/** The answer's body once all of it arrived (by its length, or chunked), else undefined. */
function completeBody(head: string, rest: Buffer): string | undefined {
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return rest.length >= Number(length) ? rest.subarray(0, Number(length)).toString('utf8') : undefined;
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const lineEnd = rest.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    if (rest.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

describe('web app and dev mailbox', () => {
  it('explains how to build the web app while web/dist is missing, then serves it as an SPA', async () => {
    // Prepare
    const missing = await fetch(`${host.url}/`);
    const missingText = await missing.text();
    const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(join(webDist, 'assets', 'app-1234.js'), script);

    // Act
    const page = await fetch(`${host.url}/campaigns/42`);
    const brotli = await fetch(`${host.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    const gzip = await fetch(`${host.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    const missingAsset = await fetch(`${host.url}/assets/missing.js`);

    // Assess
    expect(missing.status).toBe(503);
    expect(missingText).toContain('npm run build:web');
    expect([page.status, page.headers.get('cache-control'), await page.text()]).toEqual([200, 'no-cache', '<!doctype html><title>app</title>']);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decompresses for us: the text equals the file only if the encoding was real.
    expect(await brotli.text()).toBe(script);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(script);
    expect(missingAsset.status).toBe(404);
  });

  it('lists sink mail newest first, filtered by recipient, as JSON and as an escaped page', async () => {
    // Prepare
    const sinkDir = host.env.SINK_DIR;
    const mail = (to: string, subject: string) =>
      appendToSink(sinkDir, { id: subject, kind: 'mail', to, from: 'no-reply@localhost', subject, text: 'Code 123456', html: '<p>Hi</p>', headers: {}, createdAt: new Date().toISOString() });
    await mail('ann@example.com', 'First');
    await mail('bob@example.com', 'Other');
    await mail('Ann@Example.com', 'Second <b>');

    // Act
    const forAnn = await host.readMail('ann@example.com');
    const page = await (await fetch(`${host.url}/dev/mailbox?to=ann%40example.com`)).text();

    // Assess
    expect(forAnn.map((entry) => entry.subject)).toEqual(['Second <b>', 'First']);
    expect(page).toContain('Second &#60;b&#62;');
    expect(page).not.toContain('Other');
    expect(page).toContain('<a href="/dev/mailbox/message?id=First">');
  });

  it('shows campaign mail as a mail program would: images load, links open in a new tab, a one-click unsubscribe button', async () => {
    // Prepare
    const unsubscribe = `${host.url}/t/unsubscribe/abc.def`;
    await appendToSink(host.env.SINK_DIR, {
      id: 'campaign-mail',
      kind: 'mail',
      to: 'cara@example.com',
      from: 'shop@example.com',
      subject: 'Offers',
      text: 'Offers',
      html: '<p><a href="https://example.com">Offer</a><img src="https://example.com/pixel.gif"></p>',
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      createdAt: new Date().toISOString(),
    });

    // Act
    const answer = await fetch(`${host.url}/dev/mailbox/message?id=campaign-mail`);
    const page = await answer.text();

    // Assess
    expect(answer.headers.get('content-security-policy')).toContain('img-src data: http: https:');
    expect(page).toContain(`<form method="post" action="${unsubscribe}"><input type="hidden" name="List-Unsubscribe" value="One-Click">`);
    expect(page).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page).toContain('srcdoc="&#60;base target=&#34;_blank&#34;&#62;');
  });

  it('lists mail as text only: viewing the list loads no message’s images, so it opens nothing', async () => {
    // Prepare
    const pixel = `${host.url}/t/open/listed.pixel`;
    await appendToSink(host.env.SINK_DIR, {
      id: 'listed-mail',
      kind: 'mail',
      to: 'dora@example.com',
      from: 'shop@example.com',
      subject: 'News',
      text: 'News',
      html: `<p>News<img src="${pixel}"></p>`,
      headers: {},
      createdAt: new Date().toISOString(),
    });

    // Act
    const answer = await fetch(`${host.url}/dev/mailbox?to=dora%40example.com`);
    const page = await answer.text();

    // Assess: no frame, no pixel, and the page may load no remote image at all.
    expect(page).toContain('News');
    expect(page).not.toContain('/t/open/');
    expect(page).not.toContain('<iframe');
    expect(answer.headers.get('content-security-policy')).toContain('img-src data:;');
  });
});
