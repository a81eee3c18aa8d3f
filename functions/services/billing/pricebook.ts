/**
 * The pricebook in force: a versioned data file deployed with the code (pricebooks/), checked
 * against its schema once per container. Orders will record its `version`.
 */
import { ZPricebook } from '../../../shared/schemas/shopping-cart.js';
import type { Pricebook } from '../../../shared/domain/pricing.js';
import current from './pricebooks/2026-12.json' with { type: 'json' };

let parsed: Pricebook | undefined;

export function currentPricebook(): Pricebook {
  parsed ??= ZPricebook.parse(current);
  return parsed;
}
