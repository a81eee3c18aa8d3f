/**
 * The dev mailbox: what the local mail and SMS sink received, as pages for people
 * (`/dev/mailbox`, `/dev/sms`, where each SMS or MMS has a Reply form) and as JSON for tests
 * (`/dev/api/mail?to=`, `/dev/api/sms?to=`).
 * Local host only; nothing here exists in AWS.
 */
import type { ServerResponse } from 'node:http';
import { readSink, type SinkMail, type SinkSms } from '../../functions/channels/sink.js';
import { CONTENT_PATH } from './content-site.js';
import { writeJson } from './http-event.js';

/**
 * The page runs only its own inline script. An opened message shows as a reader's mail program
 * shows it once images are allowed: remote images load (so the open pixel fires) and links open
 * in a new tab (so click tracking runs), while the message's own scripts never do (a sandboxed
 * frame). The page's script may post SMS replies to this host (connect-src 'self').
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: http: https:; form-action 'self'; connect-src 'self'";
/** The mail list shows text only and loads no remote image, as a mail program's list does: viewing it opens nothing. */
const LIST_POLICY = PAGE_POLICY.replace('img-src data: http: https:', 'img-src data:');

/** Every message the sink holds: an opened message is found among them. */
const ALL_MESSAGES = 100_000;

/** Answers the /dev/ paths; false for any other path. */
export async function serveDevMailbox(response: ServerResponse, url: URL, { sinkDir, contentBucket }: { sinkDir: string; contentBucket: string }): Promise<boolean> {
  const to = url.searchParams.get('to')?.trim() || undefined;
  const limit = Number(url.searchParams.get('limit')) || undefined;
  switch (url.pathname) {
    case '/dev/api/mail':
      writeJson(response, 200, await readSink(sinkDir, 'mail', { to, limit }));
      return true;
    case '/dev/api/sms':
      writeJson(response, 200, await readSink(sinkDir, 'sms', { to, limit }));
      return true;
    case '/dev/mailbox':
      writePage(response, 'Mailbox', 'mail', to, (await readSink(sinkDir, 'mail', { to, limit })).map(mailListCard), LIST_POLICY);
      return true;
    case '/dev/mailbox/message': {
      const id = url.searchParams.get('id');
      const mail = (await readSink(sinkDir, 'mail', { limit: ALL_MESSAGES })).find((each) => each.id === id);
      if (!mail) writeJson(response, 404, { statusCode: 'VAL-REC-01', message: 'No such message in the sink.' });
      else writePage(response, mail.subject || 'Message', 'mail', undefined, [mailCard(mail)], PAGE_POLICY);
      return true;
    }
    case '/dev/sms':
      writePage(response, 'SMS', 'sms', to, (await readSink(sinkDir, 'sms', { to, limit })).map((sms) => smsCard(sms, contentBucket)), PAGE_POLICY);
      return true;
    default:
      return false;
  }
}

/** The RFC 8058 one-click unsubscribe a mail program offers for a message that has it, as a button. */
function oneClickUnsubscribe(mail: SinkMail): string {
  const url = /^<(https?:[^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  if (!url || mail.headers['List-Unsubscribe-Post'] !== 'List-Unsubscribe=One-Click') return '';
  return `<form method="post" action="${escapeHtml(url)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe (one-click)</button></form>`;
}

/** A message in the list: who, what and its text, with a link to open it (only then its HTML and images load). */
function mailListCard(mail: SinkMail): string {
  return `<article data-to="${escapeHtml(mail.to)}">
  <header><h2><a href="/dev/mailbox/message?id=${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></h2>${timeTag(mail.createdAt)}</header>
  <dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>From</dt><dd>${escapeHtml(mail.from)}</dd></dl>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

/** An opened message, as a mail program shows it. */
function mailCard(mail: SinkMail): string {
  // Links of the message open in a new tab, as in a webmail.
  const body = `<base target="_blank">${mail.html}`;
  return `<article data-to="${escapeHtml(mail.to)}">
  <header><h2>${escapeHtml(mail.subject || '(no subject)')}</h2>${timeTag(mail.createdAt)}</header>
  <dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>From</dt><dd>${escapeHtml(mail.from)}</dd></dl>
  ${oneClickUnsubscribe(mail)}
  <pre>${escapeHtml(mail.text)}</pre>
  ${mail.html ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="HTML body" srcdoc="${escapeHtml(body)}"></iframe>` : ''}
</article>`;
}

/**
 * An MMS medium as End User Messaging got it (an s3:// URI): one of the content bucket's files is
 * shown from the host's content site (images as thumbnails, anything else as a link); another
 * bucket's object, which the host does not serve, by its URI.
 */
function mediumTag(uri: string, contentBucket: string): string {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(uri);
  const label = escapeHtml(match?.[2]?.split('/').pop() ?? uri);
  if (match?.[1] !== contentBucket) return `<span class="medium">${escapeHtml(uri)}</span>`;
  const url = `${CONTENT_PATH}/${match[2]!.split('/').map(encodeURIComponent).join('/')}`;
  const isImage = /\.(png|jpe?g|gif|webp)$/i.test(match[2]!);
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">${isImage ? `<img src="${escapeHtml(url)}" alt="${label}" loading="lazy">` : label}</a>`;
}

/**
 * A message as a phone shows it, with a Reply form: the reply (STOP, say) goes to our number
 * through POST /dev/api/sms/inbound, as the contact texting back would.
 */
function smsCard(sms: SinkSms, contentBucket: string): string {
  const media = sms.mediaUrls ?? [];
  const kind = media.length > 0 ? 'MMS' : 'SMS';
  return `<article data-to="${escapeHtml(sms.to)}">
  <header><h2>${escapeHtml(sms.to)}</h2>${timeTag(sms.createdAt)}</header>
  <dl><dt>To</dt><dd>${escapeHtml(sms.to)}</dd><dt>From</dt><dd>${escapeHtml(sms.from || '(default number)')}</dd>
  <dt>Type</dt><dd>${kind}${sms.segments === undefined ? '' : `, ${sms.segments} segment${sms.segments === 1 ? '' : 's'}`}</dd>
  ${sms.tags?.campaignId ? `<dt>Campaign</dt><dd>${escapeHtml(sms.tags.campaignId)}</dd>` : ''}</dl>
  <pre>${escapeHtml(sms.text)}</pre>
  ${media.length > 0 ? `<div class="media">${media.map((uri) => mediumTag(uri, contentBucket)).join('')}</div>` : ''}
  <form class="reply" data-from="${escapeHtml(sms.to)}" data-to="${escapeHtml(sms.from)}">
    <input name="body" placeholder="Reply, e.g. STOP" aria-label="Reply" required maxlength="1600">
    <button type="submit">Reply</button><output></output>
  </form>
</article>`;
}

function writePage(response: ServerResponse, title: string, kind: 'mail' | 'sms', to: string | undefined, cards: string[], policy: string): void {
  const tab = (path: string, label: string, active: boolean): string =>
    `<a href="${path}"${active ? ' aria-current="page"' : ''}>${label}</a>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · dev</title>
<style>
  :root { font-family: system-ui, sans-serif; color: #1a202c; background: #f7fafc; }
  body { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
  nav { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; margin-bottom: 1rem; }
  nav a { color: #2b6cb0; text-decoration: none; font-weight: 600; }
  nav a[aria-current] { color: #1a202c; border-bottom: 2px solid #2b6cb0; }
  form { display: flex; gap: .5rem; margin-left: auto; }
  input, button { font: inherit; padding: .35rem .6rem; border: 1px solid #cbd5e0; border-radius: .375rem; background: #fff; }
  button { cursor: pointer; }
  article { background: #fff; border: 1px solid #e2e8f0; border-radius: .5rem; padding: 1rem; margin-bottom: 1rem; }
  article header { display: flex; justify-content: space-between; gap: 1rem; align-items: baseline; }
  h2 { font-size: 1.05rem; margin: 0; }
  time { color: #718096; font-size: .875rem; white-space: nowrap; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: .5rem 0; font-size: .9rem; }
  dt { color: #718096; } dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f7fafc; padding: .75rem; border-radius: .375rem; margin: .5rem 0 0; }
  iframe { width: 100%; height: 28rem; border: 1px solid #e2e8f0; border-radius: .375rem; margin-top: .5rem; background: #fff; }
  .empty { color: #718096; }
  .media { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .5rem; }
  .media img { max-height: 8rem; max-width: 12rem; border-radius: .375rem; border: 1px solid #e2e8f0; }
  form.reply { margin: .75rem 0 0; } form.reply input { flex: 1; } form.reply output { color: #718096; font-size: .875rem; align-self: center; }
</style></head>
<body>
<nav>
  ${tab('/dev/mailbox', 'Mail', kind === 'mail')} ${tab('/dev/sms', 'SMS', kind === 'sms')}
  <form method="get">
    <input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
    <button type="submit">Filter</button>
    <button type="button" onclick="location.reload()">Refresh</button>
  </form>
</nav>
<p class="empty">${cards.length} ${kind === 'mail' ? 'message' : 'SMS'}${cards.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}, newest first.</p>
${cards.join('\n')}
<script>
  for (const time of document.querySelectorAll('time')) time.textContent = new Date(time.dateTime).toLocaleString();
  for (const form of document.querySelectorAll('form.reply')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const body = JSON.stringify({ from: form.dataset.from, to: form.dataset.to, body: form.elements.body.value });
      const answer = await fetch('/dev/api/sms/inbound', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      form.querySelector('output').textContent = answer.ok ? 'Sent' : 'Not sent (' + answer.status + ')';
      if (answer.ok) form.reset();
    });
  }
</script>
</body></html>`;
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': policy })
    .end(html);
}

function timeTag(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso)}</time>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
