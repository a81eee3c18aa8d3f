/** swr keys built from requests, shared by the contacts and groups calls. */
import { apiRequest } from './client.js';

/** A POST body as part of an swr key: serialised, so equal requests share one cache entry. */
export type BodyKey = readonly [string, string];

export function postKey(path: string, body: unknown): BodyKey {
  return [path, JSON.stringify(body)];
}

/** The fetcher of a BodyKey: POSTs the body to the path. */
export function postBody<T>([path, body]: BodyKey): Promise<T> {
  return apiRequest<T>({ method: 'POST', path, body: JSON.parse(body) as unknown });
}

/** The path a key starts with: the key itself, or the first item of an array key. */
export function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
}
