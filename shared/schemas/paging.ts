import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants.js';

/** `?page=&limit=` of the list calls: pages from 1, at most 100 rows, 10 by default (spec §9). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
