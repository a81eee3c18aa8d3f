/**
 * Email and SMS campaigns answer the same calls under their own paths (spec §7: the SMS and MMS
 * equivalents are the email calls under sms/), so their routes are declared once per family and
 * named after it: the email family's `list` is `emailList`, the SMS family's `smsList`.
 */
import type { CampaignFamily } from '../domain/campaign-channels.js';

export type FamilyNamed<F extends CampaignFamily, R> = { [K in keyof R & string as `${F}${Capitalize<K>}`]: R[K] };

/** A family's routes (or their handlers), each key prefixed with the family. */
export function familyNamed<const F extends CampaignFamily, R extends Record<string, unknown>>(family: F, entries: R): FamilyNamed<F, R> {
  return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [`${family}${key.charAt(0).toUpperCase()}${key.slice(1)}`, entry])) as FamilyNamed<F, R>;
}

/** One family's route of a name both families have: `familyRoute(campaigns.routes, family, 'list')`. */
export function familyRoute<const F extends CampaignFamily, const K extends string, R extends Record<`${F}${Capitalize<K>}`, unknown>>(
  routes: R,
  family: F,
  name: K,
): R[`${F}${Capitalize<K>}`] {
  return routes[`${family}${name.charAt(0).toUpperCase()}${name.slice(1)}` as `${F}${Capitalize<K>}`];
}
