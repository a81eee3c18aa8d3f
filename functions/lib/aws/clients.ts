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
