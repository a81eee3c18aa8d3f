/**
 * The global search of the search dialog and the results page (spec §2.5, docs/api-contract.md
 * issue 4). The advanced contact search and its count are contacts calls (api/contacts.ts).
 */
import useSWR from 'swr';
import type { TGlobalSearchResponse } from '../../../shared/schemas/search.js';
import { apiRequest } from './client.js';

const GLOBAL_SEARCH_PATH = '/api/v1/pageBasedAPI/search';
/** Hits per area on the results page; an area's `more` says "see all" finds others. */
const GLOBAL_SEARCH_HITS = 5;

/** The first hits of each area the user may read; empty `text` = nothing asked. */
export function useGlobalSearch(text: string) {
  const { data, error, isLoading, mutate } = useSWR<TGlobalSearchResponse, unknown, readonly [string, string] | null>(
    text ? [GLOBAL_SEARCH_PATH, text] : null,
    ([path, search]) => apiRequest({ path, query: { search, limit: GLOBAL_SEARCH_HITS } }),
    // While the next text is searched, the last answer stays on screen.
    { keepPreviousData: true },
  );
  return { result: data, error, isLoading, refetch: () => mutate() };
}
