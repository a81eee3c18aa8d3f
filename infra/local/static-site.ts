/**
 * The built web app (web/dist) as CloudFront would serve it: the SPA's index.html for any page
 * path, hashed /assets/ cached for a year, text compressed with brotli or gzip when accepted
 * (compressed once per file version and kept in memory).
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
const MIN_COMPRESS_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

export type StaticSite = { serve(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> };

export function createStaticSite(webDist: string): StaticSite {
  const root = resolve(webDist);
  // Keyed by path, version and encoding, so a rebuilt file is compressed again.
  const compressed = new Map<string, Promise<Buffer>>();

  const compress = (file: string, version: string, encoding: Encoding, body: Buffer): Promise<Buffer> => {
    const key = `${file}|${version}|${encoding}`;
    let result = compressed.get(key);
    if (!result) {
      result =
        encoding === 'br'
          ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : gzipAsync(body, { level: 9 });
      compressed.set(key, result);
    }
    return result;
  };

  return {
    async serve(request, response, url) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const indexFile = join(root, 'index.html');
      if (!(await isFile(indexFile))) {
        response
          .writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(
            '<!doctype html><meta charset="utf-8"><title>Web app not built</title>' +
              '<h1>The web app is not built yet</h1><p>Run <code>npm run build:web</code> ' +
              '(or start with <code>npm start</code>, which builds it), then reload this page.</p>',
          );
        return;
      }

      let file = safeJoin(root, url.pathname);
      if (!file || !(await isFile(file))) {
        // A path with a file extension is a missing file; any other path is a page of the SPA.
        if (extname(url.pathname) !== '') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
          return;
        }
        file = indexFile;
      }

      const info = await stat(file);
      const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
      const extension = extname(file);
      const headers: Record<string, string> = {
        'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'cache-control': url.pathname.startsWith('/assets/') && file !== indexFile ? IMMUTABLE : 'no-cache',
        etag,
        vary: 'Accept-Encoding',
      };
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, headers).end();
        return;
      }
      const raw = await readFile(file);
      const encoding = COMPRESSIBLE.has(extension) && raw.length >= MIN_COMPRESS_BYTES ? acceptedEncoding(request) : undefined;
      const body: Buffer = encoding ? await compress(file, etag, encoding, raw) : raw;
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
      response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
    },
  };
}

function acceptedEncoding(request: IncomingMessage): Encoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** The file under root for a URL path, or undefined when the path escapes root or is malformed. */
function safeJoin(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = resolve(root, `.${decoded}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
