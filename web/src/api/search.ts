/**
 * The global search of the search dialog and the results page (spec §2.5). The advanced contact
 * search and its count are contacts calls (api/contacts.ts).
 */
import { search } from '../../../shared/contracts/search.js';
import { useRoute } from './routes.js';

/** Hits per area on the results page; an area's `more` says "see all" finds others. */
const GLOBAL_SEARCH_HITS = 5;

/** The first hits of each area the user may read; empty `text` = nothing asked. */
export function useGlobalSearch(text: string) {
  const { data, error, isLoading, mutate } = useRoute(
    search.routes.everywhere,
    text ? { query: { search: text, limit: GLOBAL_SEARCH_HITS } } : null,
    // While the next text is searched, the last answer stays on screen.
    { keepPreviousData: true },
  );
  return { result: data, error, isLoading, refetch: () => mutate() };
}
