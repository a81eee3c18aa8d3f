/**
 * "Convert a web page" through the real handler: a page and its stylesheet served from a fixture
 * server on 127.0.0.1 (the one private origin the test stage lets the fetch reach), pasted HTML,
 * the refusals (not HTML, too large, a bad address) and the SSRF guard: an internal server on
 * loopback, reached by every spelling of its address, by name and by redirect, stays out of
 * reach. Nothing writes a template.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TConvertPageResponse, TTemplateListResponse } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';

const PAGE = `<!doctype html><html><head>
<link rel="stylesheet" href="/css/site.css">
<style>@media (max-width: 600px) { h1 { font-size: 20px; } }</style>
<script>document.title = 'x'</script>
</head><body><h1 onclick="go()">Spring sale</h1><p>Save <a href="offers.html">now</a></p><img src="/img/hero.png"></body></html>`;
const CSS = 'h1 { color: #c00; } p { margin: 0; } body { background: url(../img/bg.png); }';

let api: ApiClient;
let server: Server;
let internal: Server;
let origin: string;
let internalPort: number;
let closedPort: number;
let me: Actor;

const listenOnLoopback = async (target: Server) => {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return (target.address() as AddressInfo).port;
};

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  server = createServer((request, response) => {
    const send = (status: number, type: string, body: string | Buffer) => response.writeHead(status, { 'content-type': type }).end(body);
    if (request.url === '/page.html') return send(200, 'text/html; charset=utf-8', PAGE);
    if (request.url === '/css/site.css') return send(200, 'text/css', CSS);
    if (request.url === '/data.json') return send(200, 'application/json', '{"not":"html"}');
    if (request.url === '/huge.html') return send(200, 'text/html', Buffer.alloc(2 * 1024 * 1024 + 1, 'a'));
    if (request.url === '/moved') return response.writeHead(302, { location: '/page.html' }).end();
    if (request.url === '/to-internal') return response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/` }).end();
    return send(404, 'text/plain', 'not found');
  });
  server.keepAliveTimeout = 100;
  // A service inside the network, as the dev mailbox or instance metadata would be.
  internal = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>internal secret</p>'));
  const closed = createServer();
  [origin, internalPort, closedPort] = [`http://127.0.0.1:${await listenOnLoopback(server)}`, await listenOnLoopback(internal), await listenOnLoopback(closed)];
  await new Promise((resolve) => closed.close(resolve));
  process.env.PAGE_FETCH_TEST_HOSTS = [new URL(origin).host, `127.0.0.1:${closedPort}`].join(',');
  resetConfigForTests();
  me = await signUpAs(api, 'Page Converter');
}, 30_000);
afterAll(async () => {
  delete process.env.PAGE_FETCH_TEST_HOSTS;
  resetConfigForTests();
  for (const target of [server, internal]) {
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  }
  await api.close();
});

const convert = (body: unknown) => call<TConvertPageResponse & { statusCode?: string; message?: string }>(api, me, 'POST', '/templates/convert', body);
const templateCount = async () => (await call<TTemplateListResponse>(api, me, 'GET', '/templates')).body.data.length;

describe('convert a web page', () => {
  it('converts a page by URL with its linked stylesheet inlined and its links absolute', async () => {
    // Act
    const answer = await convert({ url: `${origin}/moved` });
    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { html } = answer.body;
    expect(html).toContain('<h1 style="color: #c00;">Spring sale</h1>');
    expect(html).toContain(`href="${origin}/offers.html"`);
    expect(html).toContain(`src="${origin}/img/hero.png"`);
    expect(html).toContain(`url(${origin}/img/bg.png)`);
    expect(html).toMatch(/@media \(max-width: 600px\)/);
    expect(html).not.toMatch(/<script|onclick|<link/i);
  });

  it('converts pasted HTML against the given base address', async () => {
    // Act
    const answer = await convert({ html: '<style>td { padding: 8px; }</style><script>x()</script><table><tr><td><img src="a.png"></td></tr></table>', baseUrl: 'https://shop.example.com/mail/' });
    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.html).toContain('<td style="padding: 8px;"><img src="https://shop.example.com/mail/a.png"></td>');
    expect(answer.body.html).not.toContain('<script');
  });

  it.each([
    ['a non-HTML answer', () => ({ url: `${origin}/data.json` }), 'not HTML'],
    ['an oversize page', () => ({ url: `${origin}/huge.html` }), 'too large'],
    ['a missing page', () => ({ url: `${origin}/missing.html` }), 'unreachable'],
    ['an unreachable host', () => ({ url: `http://127.0.0.1:${closedPort}/page.html` }), 'unreachable'],
    ['a non-http address', () => ({ url: 'ftp://example.com/page.html' }), 'http'],
    ['a malformed address', () => ({ url: 'not a url' }), 'url'],
    ['both a URL and HTML', () => ({ url: `${origin}/page.html`, html: '<p>x</p>' }), ''],
  ])('refuses %s with VALIDATE_INVALID_INPUT and writes nothing', async (_case, body, message) => {
    // Prepare
    const before = await templateCount();
    // Act
    const answer = await convert(body());
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(String(answer.body.message)).toContain(message);
    expect(await templateCount()).toBe(before);
  });
});

describe('convert a web page: only the public internet is fetched', () => {
  it.each([
    ['a dotted IPv4 loopback address', () => `http://127.0.0.1:${internalPort}/`],
    ['an IPv4-mapped IPv6 address', () => `http://[::ffff:127.0.0.1]:${internalPort}/`],
    ['an IPv4-mapped IPv6 address in hex', () => `http://[::ffff:7f00:1]:${internalPort}/`],
    ['an IPv4-mapped IPv6 address written in full', () => `http://[0:0:0:0:0:ffff:7f00:1]:${internalPort}/`],
    ['a decimal IPv4 address', () => `http://2130706433:${internalPort}/`],
    ['an octal IPv4 address', () => `http://0177.0.0.1:${internalPort}/`],
    ['a short IPv4 address', () => `http://127.1:${internalPort}/`],
    ['a name that resolves to loopback', () => `http://localhost:${internalPort}/`],
    ['a redirect from an allowed page to a loopback address', () => `${origin}/to-internal`],
  ])('refuses %s with VALIDATE_INVALID_INPUT', async (_case, url) => {
    // Act
    const answer = await convert({ url: url() });
    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(String(answer.body.message)).toContain('not a public address');
    expect(JSON.stringify(answer.body)).not.toContain('internal secret');
  });
});
