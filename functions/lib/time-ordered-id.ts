/**
 * Ids that sort by creation time (the ULID layout: 10 Crockford base-32 characters of epoch
 * milliseconds, then 16 random ones). Used as sort keys, so "created between" is a key range and
 * the id alone finds the item.
 */
import { createHash, randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;

/** The leading characters of every id made at `at`; ids made later sort after it. */
export function timeOrderedIdPrefix(at: Date): string {
  let milliseconds = Math.max(0, at.getTime());
  let prefix = '';
  for (let i = 0; i < TIME_LENGTH; i += 1) {
    prefix = CROCKFORD[milliseconds % 32] + prefix;
    milliseconds = Math.floor(milliseconds / 32);
  }
  return prefix;
}

/** A new id for something created at `at` (80 random bits: unique without coordination). */
export function timeOrderedId(at: Date): string {
  let random = '';
  for (const byte of randomBytes(RANDOM_LENGTH)) random += CROCKFORD[byte & 31];
  return timeOrderedIdPrefix(at) + random;
}

/**
 * The same id every time for the same `at` and `seed`: something made once per occasion (a
 * recurring campaign's occurrence) is then inserted at most once however often the maker runs.
 */
export function seededTimeOrderedId(at: Date, seed: string): string {
  let random = '';
  for (const byte of createHash('sha256').update(seed).digest().subarray(0, RANDOM_LENGTH)) random += CROCKFORD[byte & 31];
  return timeOrderedIdPrefix(at) + random;
}
