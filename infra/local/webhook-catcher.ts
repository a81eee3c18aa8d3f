/**
 * The dev webhook catcher: endpoints registered at `<host>/dev/webhooks/in/<any name>` receive the
 * platform's deliveries here (the local host lets its workers reach its own origin over http
 * through WEBHOOK_LOOPBACK_HOSTS; docs/security.md "Webhooks"). `/dev/webhooks` shows what
 * arrived, newest first, with the signature headers; `POST /dev/webhooks/fail` with
 * `{"count": n}` answers the next n deliveries 503, to watch the retries in an endpoint's log.
 * `/dev/api/webhooks` answers the same as JSON. Kept in memory; local host only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from './dev-mailbox.js';
import { readBody, writeJson } from './http-event.js';

export const WEBHOOK_CATCHER_PATH = '/dev/webhooks';
const INBOX_PREFIX = `${WEBHOOK_CATCHER_PATH}/in/`;
/** Deliveries kept, newest first. */
const KEPT = 200;
const BODY_LIMIT = 256 * 1024;
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

type Caught = { at: string; path: string; headers: Record<string, string>; body: string; answered: number };

const caught: Caught[] = [];
let failuresLeft = 0;

/** Answers the catcher's paths; false for any other path. */
export async function serveWebhookCatcher(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname.startsWith(INBOX_PREFIX) && request.method === 'POST') {
    const body = await readBody(request, BODY_LIMIT);
    const answered = failuresLeft > 0 ? 503 : 200;
    if (failuresLeft > 0) failuresLeft -= 1;
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'].map((name) => [name, String(request.headers[name] ?? '')]));
    caught.unshift({ at: new Date().toISOString(), path: url.pathname.slice(INBOX_PREFIX.length), headers, body: body === 'too-large' ? '(larger than 256 KB)' : body.toString('utf8'), answered });
    caught.splice(KEPT);
    writeJson(response, answered, answered === 200 ? { received: true } : { error: 'failing on purpose (dev catcher)' });
    return true;
  }
  if (url.pathname === `${WEBHOOK_CATCHER_PATH}/fail` && request.method === 'POST') {
    const body = await readBody(request, 1024);
    const count = body === 'too-large' ? NaN : Number((JSON.parse(body.toString('utf8') || '{}') as { count?: unknown }).count);
    if (!Number.isInteger(count) || count < 0 || count > 1000) {
      writeJson(response, 400, { statusCode: 'VALIDATE_INVALID_INPUT', message: 'count: a whole number from 0 to 1000' });
      return true;
    }
    failuresLeft = count;
    writeJson(response, 200, { failuresLeft });
    return true;
  }
  if (url.pathname === '/dev/api/webhooks') {
    writeJson(response, 200, { failuresLeft, caught });
    return true;
  }
  if (url.pathname === WEBHOOK_CATCHER_PATH) {
    const cards = caught.map(
      (entry) => `<article><header><h2>${escapeHtml(entry.path)} · ${entry.answered}</h2><time>${entry.at}</time></header>
<dl>${Object.entries(entry.headers).map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl><pre>${escapeHtml(entry.body)}</pre></article>`,
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_POLICY, 'cache-control': 'no-store' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Webhooks · dev</title>
<style>:root { font-family: system-ui, sans-serif; background: #f7fafc; } body { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
article { background: #fff; border: 1px solid #e2e8f0; border-radius: .5rem; padding: 1rem; margin-bottom: 1rem; } header { display: flex; justify-content: space-between; }
h2 { font-size: 1rem; margin: 0; } time { color: #718096; } dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; font-size: .85rem; } dt { color: #718096; } dd { margin: 0; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7fafc; padding: .75rem; }</style></head>
<body><h1>Webhook catcher</h1><p>Register <code>${escapeHtml(url.origin)}${INBOX_PREFIX}&lt;name&gt;</code> as an endpoint. Failing on purpose: the next ${failuresLeft} deliveries (POST ${WEBHOOK_CATCHER_PATH}/fail {"count": n}).</p>
${cards.length > 0 ? cards.join('\n') : '<p>Nothing received yet.</p>'}</body></html>`);
    return true;
  }
  return false;
}
