import { z } from 'zod';

/** The global search (spec §2.5 search dialog, /search-results?search=). */
/** `campaigns` are email campaigns; `smsCampaigns` SMS and MMS ones. */
export const SEARCH_AREAS = ['contacts', 'groups', 'campaigns', 'smsCampaigns', 'templates'] as const;
export type SearchArea = (typeof SEARCH_AREAS)[number];

/** GET search?search=&limit=: the first hits of each area the user may read. */
export const ZGlobalSearchQuery = z.object({
  search: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

export const ZSearchHit = z.object({
  id: z.string(),
  title: z.string(),
  /** A second line: the mobile of a contact, the member count of a group, a campaign's status. */
  detail: z.string().nullable(),
  /** A campaign's type (Email, SMS, MMS, base_…): which wizard or report opens it. */
  campaignType: z.string().optional(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

/** Areas the user may not read are absent; `more` says there are hits beyond `limit`. */
export const ZGlobalSearchResponse = z.object({
  areas: z.array(z.object({ area: z.enum(SEARCH_AREAS), hits: z.array(ZSearchHit), more: z.boolean() })),
});
export type TGlobalSearchResponse = z.infer<typeof ZGlobalSearchResponse>;
