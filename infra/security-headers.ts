/**
 * The web app's security headers, one policy for both hosts: CloudFront's response headers policy
 * of the site and its API paths (stacks/web-stack.ts) and the local host (local/host.ts). Only the
 * origins differ: where the app opens its WebSocket, where the browser reaches storage, and where
 * card entry comes from (Stripe.js in AWS, the Stripe stand-in locally).
 * docs/decisions.md "Security headers" says why each source is allowed.
 */

export type AppOrigins = {
  /** Where the app opens its WebSocket: the API Gateway WebSocket endpoints in AWS, the host itself locally. */
  websocket: readonly string[];
  /** Where the browser PUTs presigned uploads and follows presigned downloads: the buckets' S3 endpoints in AWS. */
  storage: readonly string[];
  /** Card entry: the script, frames and API calls of Stripe.js (STRIPE_JS_ORIGINS), or the local Stripe stand-in's frames and API. */
  payments: { script: readonly string[]; frame: readonly string[]; connect: readonly string[] };
};

/** What Stripe.js and Elements load and call (Stripe's security guide, "Content Security Policy"). */
export const STRIPE_JS_ORIGINS: AppOrigins['payments'] = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The policy's sources by directive, before the deployment's origins are added. */
const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Chakra UI (emotion) inserts its styles as <style> elements at run time; GrapesJS and email HTML style elements inline.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Email templates show images from wherever mail loads them (hosted files, any https site), and the editor previews data: and blob: images.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // The editor's canvas and the sandboxed previews are about:blank and srcdoc frames of the app.
  'frame-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

export function contentSecurityPolicy(origins: AppOrigins): string {
  const directives: Record<string, readonly string[]> = {
    ...DIRECTIVES,
    'script-src': [...DIRECTIVES['script-src'], ...origins.payments.script],
    'connect-src': [...DIRECTIVES['connect-src'], ...origins.websocket, ...origins.storage, ...origins.payments.connect],
    'frame-src': [...DIRECTIVES['frame-src'], ...origins.payments.frame],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The other headers, as CloudFront's security headers behavior names them. */
export const SECURITY_HEADERS = {
  /** For browsers without CSP frame-ancestors. */
  frameOptions: 'DENY',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** HTTPS only: two years, subdomains included; never sent over plain HTTP (browsers ignore it there). */
  strictTransportSecurity: { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubdomains: true },
} as const;

/**
 * The headers by name, as a host sends them. A header the answer sets itself wins (a handler's own
 * page, a hosted file), as CloudFront does when a header is not overridden.
 */
export function securityHeaderValues(origins: AppOrigins, options: { https: boolean }): Record<string, string> {
  const { maxAgeSeconds, includeSubdomains } = SECURITY_HEADERS.strictTransportSecurity;
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    ...(options.https ? { 'strict-transport-security': `max-age=${maxAgeSeconds}${includeSubdomains ? '; includeSubDomains' : ''}` } : {}),
  };
}
