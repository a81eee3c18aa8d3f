/**
 * Stripe as the local host and the tests run it: the part of Stripe's REST API v1 the payments
 * adapter calls through the official `stripe` SDK (STRIPE_API_URL points the client here,
 * functions/lib/stripe.ts), in Stripe's wire format — form-encoded bodies with bracket notation,
 * JSON objects with `object` fields, list objects, errors `{error: {type, code, decline_code,
 * message, param, payment_intent | setup_intent}}` with Stripe's statuses (402 card errors, 400
 * invalid requests, 401 keys, 404 resource_missing), `Idempotency-Key` replays — and Stripe's
 * published test cards (stripe-test-cards.ts). Every state change makes an Event, kept for
 * events.retrieve/list and POSTed, signed, to the webhook endpoint once the call has answered
 * (stripe-webhooks.ts).
 * The secret key is required on every server call; the publishable key is taken where Stripe.js
 * uses it (creating a payment method, reading and confirming an intent with its client secret).
 * Test controls live under /_stand-in/ (never part of Stripe's API): the 3-D Secure outcome of an
 * intent, and holding, releasing, redelivering and listing webhook deliveries; so do the pages
 * that stand in for Stripe.js's card field and 3-D Secure page (stripe-stand-in-pages.ts).
 * State is kept in a JSON file under DATA_DIR for `npm start` (written 200 ms after a change and at
 * stop), in memory for tests. Handlers run synchronously, so each call is atomic.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from './http-event.js';
import { readJsonFile, writeJsonFile } from './persistence/json-file.js';
import { closeServer, listen, LOOPBACK } from './ports.js';
import { writeAuthenticationPage, writeCardPage } from './stripe-stand-in-pages.js';
import { behaviourOfCard, brandOfCard, cardDetailsProblem, TEST_PAYMENT_METHOD_CARDS, type CardFailure } from './stripe-test-cards.js';
import { createWebhookSender, type WebhookEndpoint, type WebhookSender } from './stripe-webhooks.js';

/** The API version the stand-in's objects follow (stripe 23.1.0's pinned version) when a call names none. */
export const STAND_IN_API_VERSION = '2026-10-28.endive';
export const STAND_IN_SECRET_KEY = 'sk_test_stand_in_0000000000000000';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_stand_in_0000000000000000';
/** Where the test controls and the stand-in's pages live. */
export const STAND_IN_CONTROL_PATH = '/_stand-in';

export type StripeStandInOptions = {
  port?: number;
  secretKey?: string;
  publishableKey?: string;
  /** Where events are POSTed; none: events are only kept. */
  webhookEndpoint?: WebhookEndpoint;
  /** Waits before each webhook retry (default about half a minute in all). */
  webhookRetryDelaysMs?: readonly number[];
  /** Where state persists (the local host: DATA_DIR/stripe/state.json); none: in memory. */
  stateFile?: string;
  /** Tests: the server does not keep the process alive by itself. */
  unref?: boolean;
};

export type StripeStandIn = {
  /** The API base, e.g. http://127.0.0.1:PORT (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  publishableKey: string;
  /** The variables that point functions/lib/stripe.ts at it (the webhook secret is the endpoint's). */
  env: Record<string, string>;
  webhooks: WebhookSender;
  stop(): Promise<void>;
};

type Params = { [name: string]: Param };
type Param = string | Param[] | Params;
/** A Stripe object as stored and answered. */
type StripeObject = { id: string; object: string; created: number; [field: string]: unknown };
type Collection = 'customers' | 'payment_methods' | 'setup_intents' | 'payment_intents' | 'charges' | 'refunds' | 'events';
type IdempotentAnswer = { method: string; path: string; params: string; status: number; body: string; at: number };
type State = Record<Collection, Record<string, StripeObject>> & {
  /** Card numbers by payment method, and whether the card was set up (3155 then pays off session). */
  cards: Record<string, { number: string; setUp: boolean }>;
  idempotency: Record<string, IdempotentAnswer>;
};

const ID_PREFIX: Record<Collection, string> = { customers: 'cus', payment_methods: 'pm', setup_intents: 'seti', payment_intents: 'pi', charges: 'ch', refunds: 're', events: 'evt' };
const OBJECT_OF_PREFIX: Record<string, Collection> = Object.fromEntries(Object.entries(ID_PREFIX).map(([collection, prefix]) => [prefix, collection as Collection]));
const OBJECT_NAME: Record<Collection, string> = { customers: 'customer', payment_methods: 'payment_method', setup_intents: 'setup_intent', payment_intents: 'payment_intent', charges: 'charge', refunds: 'refund', events: 'event' };
const BODY_LIMIT = 256 * 1024;
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const SAVE_DELAY_MS = 200;
/** Stripe's minimum charge amounts (docs "Minimum and maximum charge amounts") in minor units. */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, hkd: 400, eur: 50, gbp: 30, sgd: 50, aud: 50, cad: 50, jpy: 50, cny: 400 };
const REDIRECT_METHODS_MESSAGE =
  'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.';

/** An API error as Stripe answers it. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string; [field: string]: unknown },
  ) {
    super(error.message);
  }
}

const invalidRequest = (message: string, extra: { code?: string; param?: string; status?: number } = {}) =>
  new StripeApiError(extra.status ?? 400, { type: 'invalid_request_error', message, ...(extra.code ? { code: extra.code } : {}), ...(extra.param ? { param: extra.param } : {}) });

/** `a[b][0]=x&expand[]=y` into nested objects and arrays, as Stripe reads form bodies and queries. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])];
    let node: Params = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else node = (typeof node[name] === 'object' && !Array.isArray(node[name]) ? node[name] : (node[name] = {})) as Params;
    });
  }
  return arraysOf(root) as Params;
}

function arraysOf(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = Object.fromEntries(keys.map((key) => [key, arraysOf(value[key])]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) return keys.sort((a, b) => Number(a) - Number(b)).map((key) => entries[key]);
  return entries;
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function emptyState(): State {
  return { customers: {}, payment_methods: {}, setup_intents: {}, payment_intents: {}, charges: {}, refunds: {}, events: {}, cards: {}, idempotency: {} };
}

const clone = <T>(value: T): T => structuredClone(value);

/** What one API call knows: who called, with what, and the events it made (sent once it has answered). */
type Call = {
  params: Params;
  pathParams: string[];
  key: 'secret' | 'publishable';
  apiVersion: string;
  requestId: string;
  idempotencyKey: string | null;
};

type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The top-level parameters the call takes (Stripe refuses others with parameter_unknown); `expand` always. */
  accepts: readonly string[];
  /** Stripe.js may make this call with the publishable key (intents: with their client secret). */
  publishable?: boolean;
  answer: (call: Call) => unknown;
};

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const publishableKey = options.publishableKey ?? STAND_IN_PUBLISHABLE_KEY;
  const state: State = { ...emptyState(), ...(options.stateFile ? await readJsonFile<State>(options.stateFile) : undefined) };
  const webhooks = createWebhookSender({ endpoint: options.webhookEndpoint, retryDelaysMs: options.webhookRetryDelaysMs });
  let baseUrl = '';
  const now = () => Math.floor(Date.now() / 1000);

  let saveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!options.stateFile) return Promise.resolve();
    const file = options.stateFile;
    saving = saving.then(() => writeJsonFile(file, state)).catch((error: unknown) => console.error(`[stripe stand-in] state not saved: ${String(error)}`));
    return saving;
  };
  const scheduleSave = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      void save();
    }, SAVE_DELAY_MS);
  };

  // ---- objects ----------------------------------------------------------------------------

  const find = (collection: Collection, id: string, param = 'id'): StripeObject => {
    const found = state[collection][id];
    if (!found || found.deleted) throw invalidRequest(`No such ${OBJECT_NAME[collection]}: '${id}'`, { code: 'resource_missing', param, status: 404 });
    return found;
  };

  const store = (collection: Collection, fields: Record<string, unknown>): StripeObject => {
    const object = { id: randomId(ID_PREFIX[collection]), object: OBJECT_NAME[collection], created: now(), livemode: false, ...fields } as StripeObject;
    state[collection][object.id] = object;
    return object;
  };

  /** Events not yet handed to the webhook sender: they leave once the call that made them has answered. */
  const unsent: StripeObject[] = [];
  const emit = (call: Call | null, type: string, object: StripeObject, previous?: Record<string, unknown>) => {
    const event = store('events', {
      api_version: call?.apiVersion ?? STAND_IN_API_VERSION,
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      pending_webhooks: webhooks.status().endpoint ? 1 : 0,
      request: { id: call?.requestId ?? null, idempotency_key: call?.idempotencyKey ?? null },
      type,
    });
    unsent.push(event);
  };

  const expandAll = (object: unknown, expand: Param | undefined): unknown => {
    const paths = Array.isArray(expand) ? expand.filter((path): path is string => typeof path === 'string') : [];
    if (paths.length === 0) return object;
    const copy = clone(object);
    for (const path of paths) expandPath(copy, path.split('.'));
    return copy;
  };

  const expandPath = (node: unknown, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => expandPath(item, path));
    const record = node as Record<string, unknown>;
    const [head, ...rest] = path;
    const value = record[head];
    if (rest.length > 0) return expandPath(value, rest);
    if (typeof value !== 'string') return;
    const collection = OBJECT_OF_PREFIX[value.slice(0, value.indexOf('_'))];
    if (collection && state[collection][value]) record[head] = clone(state[collection][value]);
  };

  const list = (call: Call, url: string, items: StripeObject[]) => {
    const limit = integerParam(call.params, 'limit', { min: 1, max: 100 }) ?? 10;
    let ordered = [...items].reverse();
    const after = stringParam(call.params, 'starting_after');
    const before = stringParam(call.params, 'ending_before');
    if (after) ordered = ordered.slice(ordered.findIndex((item) => item.id === after) + 1);
    if (before) ordered = ordered.slice(0, Math.max(0, ordered.findIndex((item) => item.id === before)));
    return { object: 'list', data: ordered.slice(0, limit), has_more: ordered.length > limit, url };
  };

  // ---- customers --------------------------------------------------------------------------

  const applyCustomerFields = (customer: StripeObject, params: Params) => {
    for (const field of ['email', 'name', 'phone', 'description'] as const) {
      if (params[field] !== undefined) customer[field] = params[field] === '' ? null : stringParam(params, field);
    }
    if (params.metadata !== undefined) customer.metadata = mergedMetadata(customer.metadata as Record<string, string>, params.metadata);
    const settings = objectParam(params, 'invoice_settings');
    if (settings?.default_payment_method !== undefined) {
      const methodId = stringParam(settings, 'default_payment_method');
      if (methodId) {
        const method = find('payment_methods', methodId, 'invoice_settings[default_payment_method]');
        if (method.customer !== customer.id) throw invalidRequest(`The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`, { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' });
      }
      customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: methodId || null };
    }
  };

  const createCustomer = (call: Call) => {
    const customer = store('customers', {
      address: null, balance: 0, currency: null, default_source: null, delinquent: false, description: null, discount: null, email: null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(), invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      metadata: {}, name: null, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null,
    });
    applyCustomerFields(customer, call.params);
    return customer;
  };

  const updateCustomer = (call: Call) => {
    const customer = find('customers', call.pathParams[0]);
    applyCustomerFields(customer, call.params);
    return customer;
  };

  const deleteCustomer = (call: Call) => {
    const customer = find('customers', call.pathParams[0]);
    for (const method of Object.values(state.payment_methods)) if (method.customer === customer.id) method.customer = null;
    state.customers[customer.id] = { id: customer.id, object: 'customer', created: customer.created, deleted: true };
    return { id: customer.id, object: 'customer', deleted: true };
  };

  // ---- payment methods --------------------------------------------------------------------

  const createPaymentMethod = (params: Params): StripeObject => {
    const type = stringParam(params, 'type');
    if (type !== 'card') throw invalidRequest(type ? `The stand-in takes card payment methods only, not ${type}.` : 'Missing required param: type.', { code: type ? 'parameter_invalid_empty' : 'parameter_missing', param: 'type' });
    const card = objectParam(params, 'card');
    if (!card) throw invalidRequest('Missing required param: card.', { code: 'parameter_missing', param: 'card' });
    const number = (stringParam(card, 'number') ?? '').replace(/[\s-]/g, '');
    const details = { number, exp_month: Number(stringParam(card, 'exp_month')), exp_year: Number(stringParam(card, 'exp_year')), cvc: stringParam(card, 'cvc') };
    for (const field of ['number', 'exp_month', 'exp_year'] as const) {
      if (card[field] === undefined) throw invalidRequest(`Missing required param: card[${field}].`, { code: 'parameter_missing', param: `card[${field}]` });
    }
    const problem = cardDetailsProblem(details, new Date());
    if (problem) throw cardError(problem, {});
    return storeCard(number, details.exp_month, details.exp_year < 100 ? 2000 + details.exp_year : details.exp_year, params, details.cvc !== undefined);
  };

  const storeCard = (number: string, expMonth: number, expYear: number, params: Params, cvcGiven: boolean): StripeObject => {
    const brand = brandOfCard(number);
    const billing = objectParam(params, 'billing_details') ?? {};
    const method = store('payment_methods', {
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...(objectParam(billing, 'address') ?? {}) },
        email: stringParam(billing, 'email') ?? null, name: stringParam(billing, 'name') ?? null, phone: stringParam(billing, 'phone') ?? null,
      },
      card: {
        brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcGiven ? 'pass' : null },
        country: 'US', display_brand: brand === 'amex' ? 'american_express' : brand, exp_month: expMonth, exp_year: expYear,
        fingerprint: createHmac('sha256', 'stand-in fingerprint').update(number).digest('base64url').replace(/[-_]/g, '').slice(0, 16),
        funding: 'credit', generated_from: null, last4: number.slice(-4), networks: { available: [brand], preferred: null }, regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true }, wallet: null,
      },
      customer: null, metadata: mergedMetadata({}, params.metadata), type: 'card',
    });
    state.cards[method.id] = { number, setUp: false };
    return method;
  };

  /** A payment method by id, or a new one for a test payment method name (pm_card_visa, …). */
  const paymentMethodOf = (id: string, param: string): StripeObject => {
    const testNumber = TEST_PAYMENT_METHOD_CARDS[id];
    if (testNumber) return storeCard(testNumber, 12, new Date().getUTCFullYear() + 3, { type: 'card' }, true);
    return find('payment_methods', id, param);
  };

  const attach = (call: Call | null, method: StripeObject, customerId: string) => {
    const customer = find('customers', customerId, 'customer');
    if (method.customer === customer.id) return method;
    if (method.customer) throw invalidRequest('The payment method you provided has already been attached to a customer.', { code: 'payment_method_already_attached' });
    const declined = behaviourOfCard(state.cards[method.id]?.number ?? '').declined;
    if (declined) throw cardError(declined, { payment_method: clone(method) });
    method.customer = customer.id;
    emit(call, 'payment_method.attached', method, { customer: null });
    return method;
  };

  const detach = (call: Call) => {
    const method = find('payment_methods', call.pathParams[0]);
    const customerId = method.customer as string | null;
    if (!customerId) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unattached' });
    method.customer = null;
    const customer = state.customers[customerId];
    const settings = customer?.invoice_settings as { default_payment_method: string | null } | undefined;
    if (settings?.default_payment_method === method.id) settings.default_payment_method = null;
    emit(call, 'payment_method.detached', method, { customer: customerId });
    return method;
  };

  const methodsOf = (call: Call, customerId: string | undefined, url: string) => {
    const type = stringParam(call.params, 'type');
    return list(call, url, Object.values(state.payment_methods).filter((method) => (!customerId || method.customer === customerId) && (!type || method.type === type)));
  };

  // ---- intents ----------------------------------------------------------------------------

  const intentFor = (collection: 'setup_intents' | 'payment_intents', call: Call): StripeObject => {
    const intent = find(collection, call.pathParams[0], 'intent');
    if (call.key === 'publishable' && stringParam(call.params, 'client_secret') !== intent.client_secret) {
      throw invalidRequest(`The client_secret provided does not match the client_secret associated with the ${collection === 'setup_intents' ? 'SetupIntent' : 'PaymentIntent'}.`, { param: 'client_secret' });
    }
    return intent;
  };

  /** The payment method a confirm names (by id, or `payment_method_data` for a new card), owned by the intent's customer. */
  const methodForConfirm = (intent: StripeObject, params: Params): StripeObject | null => {
    const data = objectParam(params, 'payment_method_data');
    const named = stringParam(params, 'payment_method');
    const method = data ? createPaymentMethod(data) : named ? paymentMethodOf(named, 'payment_method') : intent.payment_method ? find('payment_methods', intent.payment_method as string) : null;
    return method && ownedMethod(intent, method);
  };

  /** Payment methods attached to other customers cannot be used with the intent. */
  const ownedMethod = (intent: StripeObject, method: StripeObject): StripeObject => {
    if (method.customer && method.customer !== intent.customer) {
      throw invalidRequest(`The provided PaymentMethod ${method.id} belongs to another Customer. Provide the Customer it is attached to, or a PaymentMethod of this one.`, { param: 'payment_method' });
    }
    return method;
  };

  /** What creating either intent ends with: its client secret, the payment method it names, and the confirm asked for with `confirm=true`. */
  const completeCreate = (call: Call, intent: StripeObject, confirm: (call: Call, intent: StripeObject) => StripeObject) => {
    intent.client_secret = `${intent.id}_secret_${randomId('x').slice(2)}`;
    const method = stringParam(call.params, 'payment_method');
    if (method) {
      intent.payment_method = ownedMethod(intent, paymentMethodOf(method, 'payment_method')).id;
      intent.status = 'requires_confirmation';
    }
    return stringParam(call.params, 'confirm') === 'true' ? confirm(call, intent) : intent;
  };

  const nextActionFor = (intent: StripeObject, returnUrl: string | null) => {
    const page = `${baseUrl}${STAND_IN_CONTROL_PATH}/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret as string)}`;
    return returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url: `${page}&return_url=${encodeURIComponent(returnUrl)}` } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page, source: randomId('src') } };
  };

  /** Server-side confirms of intents open to redirect methods need a return_url, as Stripe's do. */
  const requireReturnUrl = (intent: StripeObject, call: Call, offSession: boolean) => {
    const automatic = intent.automatic_payment_methods as { enabled: boolean; allow_redirects?: string } | null;
    if (call.key === 'secret' && !offSession && automatic?.enabled && automatic.allow_redirects !== 'never' && !intent.return_url && stringParam(call.params, 'use_stripe_sdk') !== 'true') {
      throw invalidRequest(REDIRECT_METHODS_MESSAGE);
    }
  };

  /** Intents take every method enabled in the Dashboard unless the call lists them (allowed_payment_method_types; payment_method_types before API 2026). */
  const allowedMethodsOf = (params: Params) => {
    const allowed = params.allowed_payment_method_types ?? params.payment_method_types;
    return Array.isArray(allowed) ? allowed : null;
  };

  const automaticMethodsOf = (params: Params) => {
    if (params.allowed_payment_method_types !== undefined || params.payment_method_types !== undefined) return null;
    const automatic = objectParam(params, 'automatic_payment_methods');
    return { allow_redirects: stringParam(automatic ?? {}, 'allow_redirects') ?? 'always', enabled: true };
  };

  const createSetupIntent = (call: Call) => {
    const customer = stringParam(call.params, 'customer');
    if (customer) find('customers', customer, 'customer');
    const intent = store('setup_intents', {
      allowed_payment_method_types: allowedMethodsOf(call.params), application: null, automatic_payment_methods: automaticMethodsOf(call.params), cancellation_reason: null, customer: customer ?? null,
      description: stringParam(call.params, 'description') ?? null, flow_directions: null, last_setup_error: null, latest_attempt: null, mandate: null,
      metadata: mergedMetadata({}, call.params.metadata), next_action: null, on_behalf_of: null, payment_method: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'], return_url: stringParam(call.params, 'return_url') ?? null, single_use_mandate: null, status: 'requires_payment_method',
      usage: stringParam(call.params, 'usage') ?? 'off_session',
    });
    return completeCreate(call, intent, confirmSetupIntent);
  };

  const confirmSetupIntent = (call: Call, intent: StripeObject) => {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status as string)) throw unexpectedState(intent, 'confirm');
    if (call.params.return_url !== undefined) intent.return_url = stringParam(call.params, 'return_url');
    requireReturnUrl(intent, call, false);
    const method = methodForConfirm(intent, call.params);
    if (!method) throw invalidRequest('You cannot confirm this SetupIntent because it\'s missing a payment method. Update the SetupIntent with a payment method and then confirm it again.', { code: 'setup_intent_invalid_parameter' });
    intent.payment_method = method.id;
    intent.last_setup_error = null;
    const behaviour = behaviourOfCard(state.cards[method.id]?.number ?? '');
    if (behaviour.declined) {
      const error = { ...cardErrorFields(behaviour.declined), payment_method: clone(method) };
      Object.assign(intent, { status: 'requires_payment_method', last_setup_error: error, next_action: null });
      emit(call, 'setup_intent.setup_failed', intent);
      throw new StripeApiError(402, { ...error, setup_intent: clone(intent) });
    }
    if (behaviour.authentication) {
      Object.assign(intent, { status: 'requires_action', next_action: nextActionFor(intent, intent.return_url as string | null) });
      return intent;
    }
    return succeedSetup(call, intent);
  };

  const succeedSetup = (call: Call | null, intent: StripeObject) => {
    const method = state.payment_methods[intent.payment_method as string];
    if (intent.customer) attach(call, method, intent.customer as string);
    state.cards[method.id].setUp = true;
    Object.assign(intent, { status: 'succeeded', next_action: null });
    emit(call, 'setup_intent.succeeded', intent);
    return intent;
  };

  const createPaymentIntent = (call: Call) => {
    const amount = integerParam(call.params, 'amount', { min: 1, max: 99_999_999 });
    if (amount === undefined) throw invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    const currency = stringParam(call.params, 'currency')?.toLowerCase();
    if (!currency) throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { code: 'parameter_invalid_empty', param: 'currency' });
    if (amount < (MINIMUM_AMOUNT[currency] ?? 1)) throw invalidRequest(`Amount must be at least ${MINIMUM_AMOUNT[currency]} in the smallest unit of ${currency}.`, { code: 'amount_too_small', param: 'amount' });
    // Not covered (infra/local/README.md): refused rather than captured at once behind the caller's back.
    if ((stringParam(call.params, 'capture_method') ?? 'automatic') !== 'automatic') throw invalidRequest('The Stripe stand-in captures card payments at once only (capture_method=automatic).', { param: 'capture_method' });
    const customer = stringParam(call.params, 'customer');
    if (customer) find('customers', customer, 'customer');
    const intent = store('payment_intents', {
      allowed_payment_method_types: allowedMethodsOf(call.params), amount, amount_capturable: 0, amount_details: { tip: {} }, amount_received: 0, application: null, application_fee_amount: null,
      automatic_payment_methods: automaticMethodsOf(call.params), canceled_at: null, cancellation_reason: null, capture_method: 'automatic',
      confirmation_method: 'automatic', currency, customer: customer ?? null, description: stringParam(call.params, 'description') ?? null,
      last_payment_error: null, latest_charge: null, metadata: mergedMetadata({}, call.params.metadata), next_action: null, on_behalf_of: null,
      payment_method: null, payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'], processing: null, receipt_email: stringParam(call.params, 'receipt_email') ?? null,
      return_url: stringParam(call.params, 'return_url') ?? null, setup_future_usage: stringParam(call.params, 'setup_future_usage') ?? null,
      shipping: null, statement_descriptor: null, statement_descriptor_suffix: stringParam(call.params, 'statement_descriptor_suffix') ?? null,
      status: 'requires_payment_method', transfer_data: null, transfer_group: null,
    });
    return completeCreate(call, intent, confirmPaymentIntent);
  };

  const confirmPaymentIntent = (call: Call, intent: StripeObject) => {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status as string)) throw unexpectedState(intent, 'confirm');
    for (const field of ['return_url', 'setup_future_usage', 'receipt_email'] as const) if (call.params[field] !== undefined) intent[field] = stringParam(call.params, field) || null;
    const offSession = ['true', 'one_off', 'recurring'].includes(stringParam(call.params, 'off_session') ?? '');
    requireReturnUrl(intent, call, offSession);
    const method = methodForConfirm(intent, call.params);
    if (!method) throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus, pass a payment_method.", { code: 'payment_intent_unexpected_state' });
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    const card = state.cards[method.id];
    const behaviour = behaviourOfCard(card?.number ?? '');
    if (behaviour.declined) throw failPayment(call, intent, behaviour.declined);
    const needsAuthentication = behaviour.authentication === 'always' || (behaviour.authentication === 'unless-set-up' && (!offSession || !card.setUp));
    // Off session no one can authenticate; error_on_requires_action asks for the same refusal on session.
    if (needsAuthentication && (offSession || stringParam(call.params, 'error_on_requires_action') === 'true')) {
      throw failPayment(call, intent, { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' });
    }
    if (needsAuthentication) {
      Object.assign(intent, { status: 'requires_action', next_action: nextActionFor(intent, intent.return_url as string | null) });
      emit(call, 'payment_intent.requires_action', intent);
      return intent;
    }
    return chargeIntent(call, intent);
  };

  /** The charge after any authentication: declined for 0341 (and 3178 once authenticated), else paid. */
  const chargeIntent = (call: Call | null, intent: StripeObject) => {
    const method = state.payment_methods[intent.payment_method as string];
    const behaviour = behaviourOfCard(state.cards[method.id]?.number ?? '');
    const declined = behaviour.chargeDeclined ?? behaviour.declinedAfterAuthentication;
    if (declined) throw failPayment(call, intent, declined);
    const charge = storeCharge(intent, method, null);
    if (intent.setup_future_usage && intent.customer) {
      attach(call, method, intent.customer as string);
      state.cards[method.id].setUp = true;
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, next_action: null });
    emit(call, 'payment_intent.succeeded', intent);
    return intent;
  };

  /** A declined attempt: a failed charge, the intent back to requires_payment_method, the event; the 402 to throw. */
  const failPayment = (call: Call | null, intent: StripeObject, failure: CardFailure) => {
    const method = state.payment_methods[intent.payment_method as string];
    const charge = storeCharge(intent, method, failure);
    const error = { charge: charge.id, ...cardErrorFields(failure), payment_method: clone(method) };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, latest_charge: charge.id, next_action: null });
    emit(call, 'payment_intent.payment_failed', intent);
    return new StripeApiError(402, { ...error, payment_intent: clone(intent) });
  };

  const storeCharge = (intent: StripeObject, method: StripeObject, failure: CardFailure | null) => {
    const card = method.card as Record<string, unknown>;
    return store('charges', {
      amount: intent.amount, amount_captured: failure ? 0 : intent.amount, amount_refunded: 0, balance_transaction: null,
      billing_details: clone(method.billing_details), captured: !failure, currency: intent.currency, customer: intent.customer,
      description: intent.description, failure_code: failure?.code ?? null, failure_message: failure?.message ?? null, metadata: clone(intent.metadata),
      outcome: failure
        ? { network_status: 'declined_by_network', reason: failure.decline_code ?? failure.code, risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
        : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
      paid: !failure, payment_intent: intent.id, payment_method: method.id,
      payment_method_details: { type: 'card', card: { brand: card.brand, country: card.country, exp_month: card.exp_month, exp_year: card.exp_year, fingerprint: card.fingerprint, funding: card.funding, last4: card.last4 } },
      receipt_url: null, refunded: false, status: failure ? 'failed' : 'succeeded',
    });
  };

  const cancelPaymentIntent = (call: Call) => {
    const intent = find('payment_intents', call.pathParams[0]);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing'].includes(intent.status as string)) throw unexpectedState(intent, 'cancel');
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: stringParam(call.params, 'cancellation_reason') ?? null, next_action: null });
    emit(call, 'payment_intent.canceled', intent);
    return intent;
  };

  /** The customer's 3-D Secure answer (the stand-in's authentication page, or a test). */
  const authenticate = (intentId: string, clientSecret: string, outcome: 'complete' | 'fail') => {
    const collection = intentId.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
    const intent = find(collection, intentId);
    if (intent.client_secret !== clientSecret) throw invalidRequest('The client_secret provided does not match this intent.', { param: 'client_secret' });
    if (intent.status !== 'requires_action') throw unexpectedState(intent, 'authenticate');
    if (outcome === 'complete') {
      try {
        return collection === 'setup_intents' ? succeedSetup(null, intent) : chargeIntent(null, intent);
      } catch (error) {
        // A decline after authentication is the intent's state now, not an error of the page.
        if (error instanceof StripeApiError && error.status === 402) return intent;
        throw error;
      }
    }
    const method = clone(state.payment_methods[intent.payment_method as string]);
    if (collection === 'setup_intents') {
      const error = { code: 'setup_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', payment_method: method, type: 'invalid_request_error' };
      Object.assign(intent, { status: 'requires_payment_method', last_setup_error: error, next_action: null });
      emit(null, 'setup_intent.setup_failed', intent);
    } else {
      const error = { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', payment_method: method, type: 'invalid_request_error' };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, next_action: null });
      emit(null, 'payment_intent.payment_failed', intent);
    }
    return intent;
  };

  // ---- refunds ----------------------------------------------------------------------------

  const createRefund = (call: Call) => {
    const intentId = stringParam(call.params, 'payment_intent');
    const chargeId = stringParam(call.params, 'charge');
    if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = intentId ? find('payment_intents', intentId, 'payment_intent') : null;
    const charge = chargeId ? find('charges', chargeId, 'charge') : intent?.status === 'succeeded' ? state.charges[intent.latest_charge as string] : undefined;
    if (!charge || charge.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = integerParam(call.params, 'amount', { min: 1, max: 99_999_999 }) ?? left;
    if (amount > left) throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: 'amount_too_large', param: 'amount' });
    const refund = store('refunds', {
      amount, balance_transaction: null, charge: charge.id, currency: charge.currency, metadata: mergedMetadata({}, call.params.metadata),
      payment_intent: charge.payment_intent, reason: stringParam(call.params, 'reason') ?? null, receipt_number: null, status: 'succeeded',
    });
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit(call, 'charge.refunded', charge, previous);
    return refund;
  };

  // ---- routes -----------------------------------------------------------------------------

  const ID = '([A-Za-z0-9_]+)';
  const route = (method: Route['method'], path: string, accepts: readonly string[], answer: Route['answer'], publishable = false): Route => ({
    method, pattern: new RegExp(`^/v1/${path.replaceAll('{id}', ID)}$`), accepts, answer, publishable,
  });
  const LIST = ['limit', 'starting_after', 'ending_before'];
  const CUSTOMER_FIELDS = ['email', 'name', 'phone', 'description', 'metadata', 'invoice_settings', 'preferred_locales', 'address'];
  const INTENT_CONFIRM = ['payment_method', 'payment_method_data', 'return_url', 'client_secret', 'use_stripe_sdk', 'mandate_data', 'payment_method_options'];
  const INTENT_CREATE = ['customer', 'payment_method', 'payment_method_data', 'confirm', 'return_url', 'metadata', 'description', 'automatic_payment_methods', 'allowed_payment_method_types', 'excluded_payment_method_types', 'payment_method_types', 'payment_method_options', 'use_stripe_sdk'];
  const routes: Route[] = [
    route('POST', 'customers', CUSTOMER_FIELDS, createCustomer),
    route('GET', 'customers', [...LIST, 'email'], (call) => list(call, '/v1/customers', Object.values(state.customers).filter((customer) => !customer.deleted && (!call.params.email || customer.email === call.params.email)))),
    route('GET', 'customers/{id}', [], (call) => state.customers[call.pathParams[0]]?.deleted ? state.customers[call.pathParams[0]] : find('customers', call.pathParams[0])),
    route('POST', 'customers/{id}', CUSTOMER_FIELDS, updateCustomer),
    route('DELETE', 'customers/{id}', [], deleteCustomer),
    route('GET', 'customers/{id}/payment_methods', [...LIST, 'type'], (call) => methodsOf(call, find('customers', call.pathParams[0]).id, `/v1/customers/${call.pathParams[0]}/payment_methods`)),
    route('GET', 'customers/{id}/payment_methods/{id}', [], (call) => {
      const method = find('payment_methods', call.pathParams[1]);
      if (method.customer !== find('customers', call.pathParams[0]).id) throw invalidRequest(`No such PaymentMethod: '${method.id}'`, { code: 'resource_missing', param: 'payment_method', status: 404 });
      return method;
    }),
    route('POST', 'payment_methods', ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid'], (call) => createPaymentMethod(call.params), true),
    route('GET', 'payment_methods', [...LIST, 'customer', 'type'], (call) => methodsOf(call, stringParam(call.params, 'customer'), '/v1/payment_methods')),
    route('GET', 'payment_methods/{id}', [], (call) => find('payment_methods', call.pathParams[0])),
    route('POST', 'payment_methods/{id}/attach', ['customer'], (call) => {
      const customer = stringParam(call.params, 'customer');
      if (!customer) throw invalidRequest('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
      return attach(call, find('payment_methods', call.pathParams[0]), customer);
    }),
    route('POST', 'payment_methods/{id}/detach', [], detach),
    route('POST', 'setup_intents', [...INTENT_CREATE, 'usage'], createSetupIntent),
    route('GET', 'setup_intents/{id}', ['client_secret'], (call) => intentFor('setup_intents', call), true),
    route('POST', 'setup_intents/{id}/confirm', INTENT_CONFIRM, (call) => confirmSetupIntent(call, intentFor('setup_intents', call)), true),
    route('POST', 'payment_intents', [...INTENT_CREATE, 'amount', 'currency', 'off_session', 'error_on_requires_action', 'setup_future_usage', 'receipt_email', 'statement_descriptor', 'statement_descriptor_suffix', 'capture_method', 'confirmation_method', 'payment_method_configuration', 'shipping'], createPaymentIntent),
    route('GET', 'payment_intents', [...LIST, 'customer'], (call) => list(call, '/v1/payment_intents', Object.values(state.payment_intents).filter((intent) => !call.params.customer || intent.customer === call.params.customer))),
    route('GET', 'payment_intents/{id}', ['client_secret'], (call) => intentFor('payment_intents', call), true),
    route('POST', 'payment_intents/{id}/confirm', [...INTENT_CONFIRM, 'off_session', 'error_on_requires_action', 'setup_future_usage', 'receipt_email'], (call) => confirmPaymentIntent(call, intentFor('payment_intents', call)), true),
    route('POST', 'payment_intents/{id}/cancel', ['cancellation_reason'], cancelPaymentIntent),
    route('GET', 'charges/{id}', [], (call) => find('charges', call.pathParams[0])),
    route('POST', 'refunds', ['payment_intent', 'charge', 'amount', 'reason', 'metadata'], createRefund),
    route('GET', 'refunds/{id}', [], (call) => find('refunds', call.pathParams[0])),
    route('GET', 'events', [...LIST, 'type', 'types', 'created'], (call) => {
      const types = [stringParam(call.params, 'type'), ...(Array.isArray(call.params.types) ? call.params.types : [])].filter((type): type is string => typeof type === 'string');
      const matches = (type: string) => types.length === 0 || types.some((wanted) => (wanted.endsWith('.*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted));
      return list(call, '/v1/events', Object.values(state.events).filter((event) => matches(event.type as string)));
    }),
    route('GET', 'events/{id}', [], (call) => find('events', call.pathParams[0])),
  ];

  // ---- HTTP -------------------------------------------------------------------------------

  const answerApi = (request: IncomingMessage, url: URL, body: string): { status: number; body: string; headers: Record<string, string> } => {
    const requestId = randomId('req', 14);
    const apiVersion = String(request.headers['stripe-version'] ?? STAND_IN_API_VERSION);
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': apiVersion };
    const fail = (error: StripeApiError) => ({ status: error.status, body: JSON.stringify({ error: { ...error.error, request_log_url: null } }, null, 2), headers });
    const method = request.method ?? 'GET';
    const found = routes.map((candidate) => ({ candidate, match: candidate.pattern.exec(url.pathname) })).filter((entry) => entry.match);
    const matched = found.find((entry) => entry.candidate.method === method);
    if (!matched) return fail(invalidRequest(`Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, { status: 404 }));
    const params = parseStripeForm(method === 'POST' ? body : url.search.slice(1));
    const bodyKey = typeof params.key === 'string' ? params.key : undefined;
    delete params.key;
    const apiKey = bearerKey(request.headers.authorization) ?? bodyKey;
    if (!apiKey) return fail(invalidRequest('You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').', { status: 401 }));
    const key = apiKey === secretKey ? 'secret' : apiKey === publishableKey ? 'publishable' : null;
    if (!key) return fail(invalidRequest(`Invalid API Key provided: ${apiKey.slice(0, 8)}${'*'.repeat(Math.max(0, apiKey.length - 12))}${apiKey.slice(-4)}`, { status: 401 }));
    if (key === 'publishable' && !matched.candidate.publishable) return fail(invalidRequest('This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.', { status: 401 }));
    const unknown = Object.keys(params).find((name) => name !== 'expand' && !matched.candidate.accepts.includes(name));
    if (unknown) return fail(invalidRequest(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown }));

    const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) ?? null : null;
    const remembered = idempotencyKey ? `${apiKey}:${idempotencyKey}` : null;
    const paramsText = JSON.stringify(params);
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (remembered && state.idempotency[remembered]) {
      const earlier = state.idempotency[remembered];
      if (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== paramsText) {
        return fail(new StripeApiError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` }));
      }
      return { status: earlier.status, body: earlier.body, headers: { ...headers, 'idempotent-replayed': 'true' } };
    }
    const call: Call = { params, pathParams: matched.match!.slice(1), key, apiVersion, requestId, idempotencyKey };
    let answer: { status: number; body: string };
    try {
      answer = { status: 200, body: JSON.stringify(expandAll(matched.candidate.answer(call), params.expand), null, 2) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = fail(error);
    }
    // Stripe keeps the result of a call that ran (a success or a card error), not of one refused at the door.
    if (remembered && (answer.status === 200 || answer.status === 402)) state.idempotency[remembered] = { method, path: url.pathname, params: paramsText, ...answer, at: now() };
    return { ...answer, headers };
  };

  const answerControl = async (request: IncomingMessage, response: ServerResponse, url: URL, body: string): Promise<void> => {
    const path = url.pathname.slice(STAND_IN_CONTROL_PATH.length);
    const input = body.trim().startsWith('{') ? (JSON.parse(body) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(body));
    const threeDs = /^\/3ds\/((?:pi|seti)_[A-Za-z0-9]+)$/.exec(path);
    if (path === '/elements/card' && request.method === 'GET') return writeCardPage(response, url, publishableKey);
    if (threeDs && request.method === 'GET') return writeAuthenticationPage(response, url, threeDs[1]);
    if (threeDs && request.method === 'POST') {
      const outcome = input.outcome === 'fail' ? 'fail' : 'complete';
      return writeStripeJson(response, 200, authenticate(threeDs[1], String(input.client_secret ?? ''), outcome));
    }
    if (path === '/webhooks' && request.method === 'GET') return writeStripeJson(response, 200, { ...webhooks.status(), deliveries: webhooks.deliveries() });
    if (path === '/webhooks/hold' && request.method === 'POST') {
      webhooks.hold();
      return writeStripeJson(response, 200, webhooks.status());
    }
    if (path === '/webhooks/release' && request.method === 'POST') return writeStripeJson(response, 200, { released: webhooks.release() });
    if (path === '/webhooks/redeliver' && request.method === 'POST') {
      const event = find('events', String(input.event ?? ''), 'event');
      const times = Number(input.times ?? 1);
      if (!Number.isInteger(times) || times < 1 || times > 100) throw invalidRequest('times: a whole number from 1 to 100', { param: 'times' });
      webhooks.redeliver(event, times);
      return writeStripeJson(response, 200, { event: event.id, times });
    }
    throw invalidRequest(`No stand-in control ${request.method} ${url.pathname}`, { status: 404 });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = await readBody(request, BODY_LIMIT);
      if (raw === 'too-large') return writeStripeJson(response, 413, { error: { type: 'invalid_request_error', message: 'Request too large' } });
      const body = raw.toString('utf8');
      // Stripe's API answers browsers on any origin (Stripe.js calls it with the publishable key).
      response.setHeader('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key', 'access-control-max-age': '300' }).end();
        return;
      }
      if (url.pathname.startsWith(`${STAND_IN_CONTROL_PATH}/`)) {
        await answerControl(request, response, url, body);
      } else {
        const answer = answerApi(request, url, body);
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
      }
      scheduleSave();
    })()
      .catch((error: unknown) => {
        if (response.headersSent) return void response.destroy();
        if (error instanceof StripeApiError) return writeStripeJson(response, error.status, { error: error.error });
        writeStripeJson(response, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
      })
      // Handlers run synchronously, so the events queued now are this call's (and the answer is written): their webhooks leave after it, as Stripe's do.
      .finally(() => unsent.splice(0).forEach((event) => webhooks.send(event)));
  });

  const port = await listen(server, options.port ?? 0, LOOPBACK, 'the Stripe stand-in');
  if (options.unref) server.unref();
  baseUrl = `http://${LOOPBACK}:${port}`;
  pruneOld(state, now());
  return {
    url: baseUrl,
    secretKey,
    publishableKey,
    env: { STRIPE_API_URL: baseUrl, STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, ...(options.webhookEndpoint ? { STRIPE_WEBHOOK_SECRET: options.webhookEndpoint.secret } : {}) },
    webhooks,
    async stop() {
      webhooks.stop();
      clearTimeout(saveTimer);
      saveTimer = undefined;
      await closeServer(server);
      await save();
    },
  };
}

/** Drops idempotency answers older than Stripe keeps them (24 h). */
function pruneOld(state: State, nowSeconds: number): void {
  for (const [key, answer] of Object.entries(state.idempotency)) if (nowSeconds - answer.at > IDEMPOTENCY_TTL_SECONDS) delete state.idempotency[key];
}

function unexpectedState(intent: StripeObject, action: string): StripeApiError {
  const name = intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent';
  return new StripeApiError(400, {
    type: 'invalid_request_error', code: `${intent.object}_unexpected_state`,
    message: `You cannot ${action} this ${name} because it has a status of ${String(intent.status)}.`,
    [intent.object]: clone(intent),
  });
}

function cardErrorFields(failure: CardFailure) {
  return { type: 'card_error', code: failure.code, ...(failure.decline_code ? { decline_code: failure.decline_code } : {}), doc_url: `https://stripe.com/docs/error-codes/${failure.code.replaceAll('_', '-')}`, message: failure.message, ...(failure.param ? { param: failure.param } : {}) };
}

function cardError(failure: CardFailure, extra: Record<string, unknown>): StripeApiError {
  return new StripeApiError(402, { ...cardErrorFields(failure), ...extra });
}

function bearerKey(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const [scheme, value] = authorization.split(' ');
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value ?? '', 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, { code: 'parameter_invalid_string', param: name });
  return value;
}

function objectParam(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object: ${name}`, { code: 'parameter_invalid_object', param: name });
  return value;
}

function integerParam(params: Params, name: string, range: { min: number; max: number }): number | undefined {
  const text = stringParam(params, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < range.min || value > range.max) throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param: name });
  return value;
}

/** Stripe's metadata update: keys merge, an empty value deletes its key. */
function mergedMetadata(current: Record<string, string> | undefined, update: Param | undefined): Record<string, string> {
  const merged = { ...(current ?? {}) };
  if (update === '') return {};
  if (update === undefined || typeof update !== 'object' || Array.isArray(update)) return merged;
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}

function writeStripeJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body, null, 2));
}
