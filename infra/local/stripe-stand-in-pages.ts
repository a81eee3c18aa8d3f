/**
 * The Stripe stand-in's two browser pages, in place of what Stripe.js loads from Stripe (it cannot
 * load offline):
 * - `/_stand-in/elements/card?origin=<app origin>`: a test-mode card form the web app frames, as
 *   Elements frames its card field. Card details stay in this frame: it tells the app only
 *   `{complete, empty, error}` on each change, and on the app's `createPaymentMethod` message it
 *   creates the payment method itself (POST /v1/payment_methods with the publishable key) and
 *   answers the payment method or Stripe's error.
 * - `/_stand-in/3ds/<intent id>?client_secret=…[&return_url=…]`: the 3-D Secure page, like
 *   Stripe's test page ("Complete authentication" / "Fail authentication"). It posts the answer to
 *   the stand-in, then tells the framing app `authenticated`, or returns to `return_url` with
 *   Stripe's redirect parameters.
 * Every message carries `source: 'stripe-stand-in'`; the card form talks only to `origin`.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { STRIPE_STAND_IN_MESSAGE_SOURCE as STAND_IN_MESSAGE_SOURCE } from '../../shared/constants.js';

/** The app may frame the pages from this machine only. */
const FRAME_ANCESTORS = 'http://localhost:* http://127.0.0.1:*';

const STYLE = `:root { font: 16px system-ui, sans-serif; color: #1a202c; } body { margin: 0; }
input { font: inherit; border: 0; outline: 0; padding: .6rem .25rem; min-width: 0; background: transparent; }
.card { display: flex; gap: .5rem; border: 1px solid #cbd5e0; border-radius: .375rem; padding: 0 .5rem; background: #fff; }
.card:focus-within { border-color: #3182ce; box-shadow: 0 0 0 1px #3182ce; } #number { flex: 1 1 auto; } #expiry { width: 5.5rem; } #cvc { width: 3.5rem; }
.auth { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; border: 1px solid #e2e8f0; border-radius: .5rem; text-align: center; }
button { font: inherit; margin: .5rem; padding: .6rem 1rem; border-radius: .375rem; border: 1px solid #cbd5e0; cursor: pointer; } .complete { background: #2f855a; color: #fff; border-color: #2f855a; }`;

/** The card form's script: checks as Elements does, keeps the number to itself, creates the payment method on request. */
const CARD_SCRIPT = `
const { origin, key, source } = JSON.parse(document.getElementById('config').textContent);
const field = (id) => document.getElementById(id);
const digits = (text) => text.replace(/\\D/g, '');
const luhn = (number) => [...number].reverse().reduce((sum, digit, index) => { let value = Number(digit) * (index % 2 ? 2 : 1); return sum + (value > 9 ? value - 9 : value); }, 0) % 10 === 0;
function read() {
  const number = digits(field('number').value), expiry = digits(field('expiry').value), cvc = digits(field('cvc').value);
  const amex = /^3[47]/.test(number), numberLength = amex ? 15 : 16;
  const month = Number(expiry.slice(0, 2)), year = 2000 + Number(expiry.slice(2, 4)), now = new Date();
  const past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
  let error = null;
  if (number.length >= numberLength && !luhn(number)) error = { code: 'invalid_number', message: 'Your card number is invalid.' };
  else if (expiry.length === 4 && (month < 1 || month > 12)) error = { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
  else if (expiry.length === 4 && past) error = { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  const complete = !error && number.length >= numberLength && expiry.length === 4 && cvc.length === (amex ? 4 : 3);
  return { number, month, year, cvc, complete, empty: !number && !expiry && !cvc, error };
}
function tell(message) { parent.postMessage({ source, ...message }, origin); }
function changed() {
  const number = digits(field('number').value).slice(0, 19);
  field('number').value = number.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  const expiry = digits(field('expiry').value).slice(0, 4);
  field('expiry').value = expiry.length > 2 ? expiry.slice(0, 2) + ' / ' + expiry.slice(2) : expiry;
  field('cvc').value = digits(field('cvc').value).slice(0, 4);
  const { complete, empty, error } = read();
  tell({ type: 'change', complete, empty, error });
}
for (const id of ['number', 'expiry', 'cvc']) field(id).addEventListener('input', changed);
window.addEventListener('message', async (event) => {
  if (event.origin !== origin || event.source !== parent || event.data?.source !== source || event.data.type !== 'createPaymentMethod') return;
  const { requestId, billingDetails } = event.data;
  const card = read();
  if (!card.complete) return tell({ type: 'paymentMethod', requestId, error: card.error ?? { code: 'incomplete', message: 'Your card details are incomplete.' } });
  const form = new URLSearchParams({ type: 'card', 'card[number]': card.number, 'card[exp_month]': String(card.month), 'card[exp_year]': String(card.year), 'card[cvc]': card.cvc, key });
  if (billingDetails?.name) form.set('billing_details[name]', billingDetails.name);
  try {
    const answer = await (await fetch('/v1/payment_methods', { method: 'POST', body: form })).json();
    tell(answer.error ? { type: 'paymentMethod', requestId, error: answer.error } : { type: 'paymentMethod', requestId, paymentMethod: answer });
  } catch {
    tell({ type: 'paymentMethod', requestId, error: { code: 'api_connection_error', message: 'The card could not be checked. Try again.' } });
  }
});
tell({ type: 'ready' });
`;

const AUTHENTICATION_SCRIPT = `
const { intentId, clientSecret, returnUrl, source } = JSON.parse(document.getElementById('config').textContent);
async function answer(outcome) {
  for (const button of document.querySelectorAll('button')) button.disabled = true;
  const response = await fetch('/_stand-in/3ds/' + intentId, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret, outcome }) });
  const intent = await response.json();
  if (returnUrl) {
    const kind = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
    const back = new URL(returnUrl);
    back.searchParams.set(kind, intentId);
    back.searchParams.set(kind + '_client_secret', clientSecret);
    back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
    location.assign(back.href);
  } else {
    parent.postMessage({ source, type: 'authenticated', intentId, outcome }, '*');
  }
}
document.getElementById('complete').addEventListener('click', () => answer('complete'));
document.getElementById('fail').addEventListener('click', () => answer('fail'));
`;

/** The card form page. */
export function writeCardPage(response: ServerResponse, url: URL, publishableKey: string): void {
  const origin = originOf(url.searchParams.get('origin'));
  if (!origin) {
    response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('origin: the framing app’s origin is required');
    return;
  }
  writePage(response, 'Card · Stripe stand-in', { origin, key: publishableKey, source: STAND_IN_MESSAGE_SOURCE }, CARD_SCRIPT, `<div class="card">
<input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="Card number" aria-label="Card number">
<input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-label="Expiration date">
<input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-label="CVC"></div>`);
}

/** The 3-D Secure page of an intent that requires action. */
export function writeAuthenticationPage(response: ServerResponse, url: URL, intentId: string): void {
  const returnUrl = originOf(url.searchParams.get('return_url')) ? url.searchParams.get('return_url') : null;
  const config = { intentId, clientSecret: url.searchParams.get('client_secret') ?? '', returnUrl, source: STAND_IN_MESSAGE_SOURCE };
  writePage(response, '3D Secure 2 Test Page', config, AUTHENTICATION_SCRIPT, `<main class="auth"><h1>3D Secure 2 Test Page</h1>
<p>The Stripe stand-in asks in place of the card's bank. Complete or fail the authentication of this payment.</p>
<button id="fail" type="button">Fail authentication</button><button id="complete" class="complete" type="button">Complete authentication</button></main>`);
}

function writePage(response: ServerResponse, title: string, config: Record<string, unknown>, script: string, body: string): void {
  const nonce = randomBytes(16).toString('base64');
  const policy = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors ${FRAME_ANCESTORS}`;
  // JSON inside <script> must not close the element: every < is escaped.
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><style>${STYLE}</style></head>
<body>${body}
<script id="config" type="application/json">${json}</script>
<script nonce="${nonce}">${script}</script></body></html>`);
}

/** The origin of an http(s) URL, or null. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
