/**
 * The pricebook: a versioned data file deployed with the code (pricebooks/), checked against its
 * schema, and loaded into the table, where the version in force is read from. A container keeps
 * what it read for a few minutes; the first read after a deploy that brings a newer file loads it.
 * Orders record the version they were priced with.
 */
import { ZPricebook } from '../../../shared/schemas/shopping-cart.js';
import type { Pricebook } from '../../../shared/domain/pricing.js';
import { getCurrentPricebook, savePricebook } from '../../data/pricebooks.js';
import deployed from './pricebooks/2026-12.json' with { type: 'json' };

/** How long a container trusts the pricebook it read. */
const CACHE_MS = 5 * 60_000;

let parsed: Pricebook | undefined;
let cached: { book: Promise<Pricebook>; until: number } | undefined;

/** The pricebook file this code was deployed with. */
export function deployedPricebook(): Pricebook {
  parsed ??= ZPricebook.parse(deployed);
  return parsed;
}

async function readOrLoad(now: Date): Promise<Pricebook> {
  const stored = await getCurrentPricebook();
  const file = deployedPricebook();
  if (stored && stored.version >= file.version) return stored;
  await savePricebook(file, now);
  return (await getCurrentPricebook()) ?? file;
}

/** The pricebook in force, from the table (loading the deployed file first when it is newer). */
export function currentPricebook(now = new Date()): Promise<Pricebook> {
  if (!cached || cached.until <= now.getTime()) {
    const book = readOrLoad(now);
    cached = { book, until: now.getTime() + CACHE_MS };
    // A failed read is not kept: the next call reads again.
    book.catch(() => {
      if (cached?.book === book) cached = undefined;
    });
  }
  return cached.book;
}
