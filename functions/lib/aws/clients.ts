/**
 * The one place AWS SDK clients are built, one module per service so each Lambda bundles only
 * the SDKs it uses. Every client honours AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE> (read
 * by the SDK itself), so the same code runs against the embedded emulators, LocalStack or AWS.
 */
const clients = new Map<string, unknown>();

/** The client built once per process (per cold start) under `name`. */
export function once<T>(name: string, build: () => T): T {
  if (!clients.has(name)) clients.set(name, build());
  return clients.get(name) as T;
}

/** Drops cached clients, for the local host and tests that change endpoints at run time. */
export function resetClientsForTests(): void {
  clients.clear();
}

/**
 * What the campaign send clients (SES, End User Messaging) add: they make one call per message, so
 * what each call costs before it leaves is the delivery worker's main cost. The SDK builds a
 * command's middleware chain on every call unless told to keep it (cacheMiddleware): about 7% of a
 * delivery worker's CPU in a profile (docs/benchmarks.md, 2026-12-02). Nothing adds middleware to
 * these clients after they are built, which is what the cache requires.
 */
export const CAMPAIGN_SDK_OPTIONS = { cacheMiddleware: true } as const;
