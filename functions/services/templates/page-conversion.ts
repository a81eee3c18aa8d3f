/**
 * "Convert a web page" (spec §2.1 convert-page): fetches a page (or takes pasted HTML), fetches its
 * linked stylesheets and converts it to email-safe HTML. Writes nothing: the browser saves the
 * result through the ordinary create route. Every fetch is bounded (scheme, time, size, redirects,
 * content type) and, in production, refuses private addresses so the Lambda cannot be used to
 * reach the VPC or the instance metadata service. The address is checked where the connection is
 * made (the connector's own lookup), so a name that answers a public address to a first lookup
 * and a private one to the next (DNS rebinding) is refused too.
 */
import { lookup as lookupCallback, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { ERROR_CODES, AppError } from '../../../shared/errors.js';
import type { TConvertPageRequest } from '../../../shared/schemas/templates.js';
import { config } from '../../lib/config.js';
import { absolutizeCssUrls, baseUrlOf, convertPageHtml } from '../../lib/email-safe-html.js';

export const PAGE_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  maxStylesheets: 10,
} as const;

const refuse = (message: string) => new AppError(ERROR_CODES.INVALID_INPUT, message);

/** Loopback, private, link-local, CGNAT, unspecified and multicast ranges, v4 and v6. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isPrivateAddress(mapped);
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || a >= 224 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connector's lookup: resolves as usual, then refuses a private address, so the address that
 * is checked is the one connected to. Node asks for one address or, when it races IPv4 and IPv6
 * (autoSelectFamily), for all of them.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(Object.assign(new Error(`${hostname} is a private address`), { code: 'EPRIVATEADDRESS' }), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/** Production connections go through publicOnlyLookup; elsewhere (tests on 127.0.0.1) any address. */
let publicOnlyAgent: Agent | undefined;
function dispatcher(): Agent | undefined {
  if (config().STAGE !== 'production') return undefined;
  publicOnlyAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
  return publicOnlyAgent;
}

/** Checks one address before it is fetched: http(s) only, and no private hosts in production. */
async function assertFetchable(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url: only http and https addresses can be converted');
  if (config().STAGE !== 'production') return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((found) => found.map((entry) => entry.address), () => []);
  if (addresses.length === 0) throw refuse(`url: ${url.hostname} is unreachable`);
  if (addresses.some(isPrivateAddress)) throw refuse(`url: ${url.hostname} is a private address`);
}

/** Reads a body up to the cap; a larger one is refused without reading the rest. */
async function readCapped(response: Response, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > PAGE_FETCH_LIMITS.maxBytes) throw refuse(`${what} is too large (over 2 MB)`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    if (total > PAGE_FETCH_LIMITS.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw refuse(`${what} is too large (over 2 MB)`);
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** GET with manual redirects, so every hop is checked; answers the final response and its URL. */
async function fetchBounded(address: string, accept: string, what: string, signal: AbortSignal): Promise<{ response: Response; url: URL }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refuse(`url: ${address} is not a valid address`);
  }
  for (let hop = 0; hop <= PAGE_FETCH_LIMITS.maxRedirects; hop += 1) {
    await assertFetchable(url);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal, headers: { accept }, dispatcher: dispatcher() });
    } catch (error) {
      if (signal.aborted) throw refuse(`${what} timed out after 10 seconds`);
      throw refuse(`${what} is unreachable (${error instanceof Error ? error.message : 'network error'})`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => undefined);
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw refuse(`${what} is unreachable (it answered HTTP ${response.status})`);
    }
    return { response, url };
  }
  throw refuse(`${what} redirects more than ${PAGE_FETCH_LIMITS.maxRedirects} times`);
}

/** Fetches the page: text/html only. */
async function fetchPage(address: string, signal: AbortSignal): Promise<{ html: string; url: string }> {
  const { response, url } = await fetchBounded(address, 'text/html', 'the page', signal);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('text/html') && !type.startsWith('application/xhtml+xml')) {
    await response.body?.cancel().catch(() => undefined);
    throw refuse(`the page is not HTML (it is ${type || 'of no declared type'})`);
  }
  return { html: await readTimed(response, 'the page', signal), url: url.href };
}

async function readTimed(response: Response, what: string, signal: AbortSignal): Promise<string> {
  try {
    return await readCapped(response, what);
  } catch (error) {
    if (signal.aborted) throw refuse(`${what} timed out after 10 seconds`);
    throw error;
  }
}

/** The `<link rel=stylesheet href>` addresses of a page, absolute, in document order. */
function stylesheetUrlsOf(html: string, base: string | undefined): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*["']?[^"'>]*\bstylesheet\b/i.test(tag)) continue;
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value === undefined) continue;
    try {
      urls.push(new URL(value, base).href);
    } catch {
      // A stylesheet that cannot be addressed is skipped, as a browser would.
    }
  }
  return urls;
}

/**
 * Converts a page given by URL or as pasted HTML; see the module comment. A URL's linked
 * stylesheets (at most 10, each bounded like the page) are inlined too; pasted HTML uses only its
 * own `<style>` blocks. Any failure is a VALIDATE_INVALID_INPUT saying what went wrong.
 */
export async function convertPage({ input }: { input: TConvertPageRequest }): Promise<{ html: string }> {
  if ('html' in input) return { html: convertPageHtml({ html: input.html, baseUrl: input.baseUrl }) };
  const signal = AbortSignal.timeout(PAGE_FETCH_LIMITS.timeoutMs);
  const page = await fetchPage(input.url, signal);
  const base = baseUrlOf(page.html, page.url);
  const stylesheets = stylesheetUrlsOf(page.html, base).slice(0, PAGE_FETCH_LIMITS.maxStylesheets);
  const css: string[] = [];
  for (const address of stylesheets) {
    const { response, url } = await fetchBounded(address, 'text/css', 'a stylesheet', signal);
    css.push(absolutizeCssUrls(await readTimed(response, 'a stylesheet', signal), url.href));
  }
  return { html: convertPageHtml({ html: page.html, baseUrl: page.url, extraCss: css.join('\n') }) };
}
