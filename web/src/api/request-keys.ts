/** The path a key starts with: the key itself, or the first item of an array key. */
export function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
}
