/**
 * "Convert a web page" (spec §2.1 convert-page): fetches a page (or takes pasted HTML), fetches its
 * linked stylesheets and converts it to email-safe HTML. Writes nothing: the browser saves the
 * result through the ordinary create route. Every fetch is bounded (scheme, time, size, redirects,
 * content type) and, in every stage, goes through the public-only dispatcher, so the Lambda (or the
 * local host, with its dev mailbox) cannot be made to reach the VPC, loopback or the instance
 * metadata service, by any spelling of an address, by a name or by a redirect.
 */
import { fetch, type Agent, type Response } from 'undici';
import { ERROR_CODES, AppError } from '../../../shared/errors.js';
import type { TConvertPageRequest } from '../../../shared/schemas/templates.js';
import { config } from '../../lib/config.js';
import { absolutizeCssUrls, baseUrlOf, convertPageHtml } from '../../lib/email-safe-html.js';
import { createPublicOnlyDispatcher, isRefusedAddressError } from '../../lib/public-only-dispatcher.js';

export const PAGE_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  maxStylesheets: 10,
} as const;

const refuse = (message: string) => new AppError(ERROR_CODES.INVALID_INPUT, message);

/** What every fetch of one conversion shares: its time budget and its connections. */
type FetchContext = { signal: AbortSignal; dispatcher: Agent };

/** An address as given or as a redirect's `location`, resolved against the address it came from. */
function parseFetchable(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw refuse(`url: ${address} is not a valid address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url: only http and https addresses can be converted');
  return url;
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
async function fetchBounded(address: string, accept: string, what: string, { signal, dispatcher }: FetchContext): Promise<{ response: Response; url: URL }> {
  let url = parseFetchable(address);
  for (let hop = 0; hop <= PAGE_FETCH_LIMITS.maxRedirects; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal, headers: { accept }, dispatcher });
    } catch (error) {
      if (signal.aborted) throw refuse(`${what} timed out after 10 seconds`);
      if (isRefusedAddressError(error)) throw refuse(`url: ${url.hostname} is not a public address`);
      throw refuse(`${what} is unreachable (${error instanceof Error ? error.message : 'network error'})`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => undefined);
      url = parseFetchable(location, url);
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
async function fetchPage(address: string, context: FetchContext): Promise<{ html: string; url: string }> {
  const { response, url } = await fetchBounded(address, 'text/html', 'the page', context);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('text/html') && !type.startsWith('application/xhtml+xml')) {
    await response.body?.cancel().catch(() => undefined);
    throw refuse(`the page is not HTML (it is ${type || 'of no declared type'})`);
  }
  return { html: await readTimed(response, 'the page', context.signal), url: url.href };
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
  const context: FetchContext = {
    signal: AbortSignal.timeout(PAGE_FETCH_LIMITS.timeoutMs),
    dispatcher: createPublicOnlyDispatcher({ allowedHosts: config().PAGE_FETCH_TEST_HOSTS }),
  };
  try {
    const page = await fetchPage(input.url, context);
    const base = baseUrlOf(page.html, page.url);
    const stylesheets = stylesheetUrlsOf(page.html, base).slice(0, PAGE_FETCH_LIMITS.maxStylesheets);
    const css: string[] = [];
    for (const address of stylesheets) {
      const { response, url } = await fetchBounded(address, 'text/css', 'a stylesheet', context);
      css.push(absolutizeCssUrls(await readTimed(response, 'a stylesheet', context.signal), url.href));
    }
    return { html: convertPageHtml({ html: page.html, baseUrl: page.url, extraCss: css.join('\n') }) };
  } finally {
    // The connections served this conversion only.
    await context.dispatcher.destroy();
  }
}
