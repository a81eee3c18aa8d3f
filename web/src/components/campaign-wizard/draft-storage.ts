/**
 * The wizard's local copy (spec §3 "Local storage items"): items keyed by campaign id and a key,
 * each holding the time it was written (ISO) and a value. The command entry is deep-merged with
 * what is stored, arrays replaced, so a crash or a lost connection between two saves loses nothing.
 */

export type StoredItem<T> = { time: string; value: T };

const storageKey = (campaignId: string, key: string) => `campaign:${campaignId}:${key}`;

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `patch` over `base`: objects merged key by key, arrays and everything else replaced. */
export function deepMerge<T>(base: T, patch: Partial<T>): T {
  if (!isPlain(base) || !isPlain(patch)) return (patch === undefined ? base : patch) as T;
  const merged: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = isPlain(value) && isPlain(merged[key]) ? deepMerge(merged[key], value) : value;
  }
  return merged as T;
}

export function readStoredItem<T>(campaignId: string, key: string): StoredItem<T> | null {
  try {
    const text = window.localStorage.getItem(storageKey(campaignId, key));
    if (!text) return null;
    const item: unknown = JSON.parse(text);
    return isPlain(item) && typeof item.time === 'string' && 'value' in item ? (item as StoredItem<T>) : null;
  } catch {
    return null;
  }
}

/** Merges `value` into the stored item and stamps it now. Storage full or disabled: the server's copy is all there is. */
export function mergeStoredItem<T extends Plain>(campaignId: string, key: string, value: T, now = new Date()): void {
  const current = readStoredItem<T>(campaignId, key);
  const item: StoredItem<T> = { time: now.toISOString(), value: current ? deepMerge(current.value, value) : value };
  try {
    window.localStorage.setItem(storageKey(campaignId, key), JSON.stringify(item));
  } catch {
    // Nothing to do: the autosave still runs.
  }
}

export function removeStoredItem(campaignId: string, key: string): void {
  try {
    window.localStorage.removeItem(storageKey(campaignId, key));
  } catch {
    // Storage disabled: nothing was stored either.
  }
}
