/**
 * The contact list's state: quick search and sort in the URL (a reload or a shared link keeps
 * them), pages reached through the server's cursors (a stack, so Prev goes back exactly), the
 * page itself, and the total counted separately so the rows never wait for it.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../../../shared/constants.js';
import type { TContactFilter, TContactSearchRequest } from '../../../../shared/schemas/contact-search.js';
import { useContactCount, useContactSearch } from '../../api/contacts.js';
import { useCursorTrail } from '../../components/pager.js';
import { useBufferedSearchParam } from '../../components/use-search-buffer.js';
import { nextSort, parseSort, sortParam, type ColumnId } from '../../components/contacts/contact-columns.js';

export function useContactList() {
  const pageSize = LIST_PAGE_SIZE;
  const [params, setParams] = useSearchParams();
  const search = useBufferedSearchParam('q');
  const sort = parseSort(params.get('sort'));
  const filter: TContactFilter = search.applied ? { quickSearch: search.applied } : {};

  const queryKey = JSON.stringify([filter, sort]);
  const trail = useCursorTrail(queryKey);
  const cursor = trail.cursor;

  const request: TContactSearchRequest = { ...filter, sort, limit: pageSize, ...(cursor ? { cursor } : {}) };
  const result = useContactSearch(request);
  const { count } = useContactCount(filter);
  const rows = result.page?.data;
  // While the next page loads, the rows shown are still the previous page's, and so is their position.
  const firstRow = trail.pageIndex * pageSize + 1;
  const [shownFirstRow, setShownFirstRow] = useState(firstRow);
  if (!result.isLoading && shownFirstRow !== firstRow) setShownFirstRow(firstRow);

  // After a deletion emptied the last page, show the page before it.
  const emptiedPage = rows !== undefined && rows.length === 0 && trail.hasPrevious && !result.isValidating;
  useEffect(() => {
    if (emptiedPage) trail.previous();
  }, [emptiedPage]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    search,
    sort,
    sortBy(column: ColumnId) {
      const next = sortParam(nextSort(sort, column));
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('sort', next);
          else updated.delete('sort');
          return updated;
        },
        { replace: true },
      );
    },
    rows,
    error: result.error,
    /** Shown rows belong to the previous request while the next one loads. */
    isLoading: result.isLoading || result.isValidating,
    refetch: result.refetch,
    /** The first shown row's position in the whole list, from 1. */
    firstRow: shownFirstRow,
    count,
    /** Every key of the current page: a selection belongs to it. */
    pageKey: `${queryKey}|${cursor ?? ''}`,
    isFiltered: Boolean(search.applied),
    hasPrevious: trail.hasPrevious,
    hasNext: Boolean(result.page?.nextCursor),
    next() {
      const nextCursor = result.page?.nextCursor;
      if (nextCursor && !result.isValidating) trail.next(nextCursor);
    },
    previous() {
      if (trail.hasPrevious && !result.isValidating) trail.previous();
    },
  };
}
