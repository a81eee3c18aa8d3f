/**
 * Previous/next paging under a list: two buttons and "11–20 of 57". Serves page-numbered lists
 * (groups) and cursor-paged ones (contacts), whose cursors useCursorTrail keeps.
 */
import { useState } from 'react';
import { Flex, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { useFormatters } from '../format/use-formatters.js';
import { ChevronIcon } from './icons.js';

type PagerProps = {
  /** The rows shown, from 1; `shown` 0 for an empty page. */
  firstRow: number;
  shown: number;
  /** All rows, when known (a count may still be on its way). */
  total?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  /** A page is on its way. */
  busy?: boolean;
};

export function Pager({ firstRow, shown, total, hasPrevious, hasNext, onPrevious, onNext, busy }: PagerProps) {
  const { t } = useTranslation('search');
  const { number } = useFormatters();
  const range = { from: number(firstRow), to: number(firstRow + shown - 1) };
  // The buttons lead, at the start of the line: toasts appear at the bottom end of the window, and
  // a range of changing width never moves the buttons from under a user clicking through pages.
  return (
    <Flex align="center" gap="3" px="4" py="2.5" borderTopWidth="1px" data-testid="pager">
      <HStack gap="1">
        <IconButton size="sm" variant="outline" aria-label={t('pager.previous')} disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronIcon direction="left" boxSize="4" />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={t('pager.next')} disabled={!hasNext} onClick={onNext}>
          <ChevronIcon direction="right" boxSize="4" />
        </IconButton>
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="pager-range">
        {shown === 0 ? '' : total === undefined ? t('pager.range', range) : t('pager.rangeOf', { ...range, total: number(total) })}
      </Text>
      {busy && <Spinner size="sm" color="fg.muted" />}
    </Flex>
  );
}

/** The pager of a page-numbered list (pages from 1, LIST_PAGE_SIZE rows each): groups, campaigns, report lists. */
export function NumberedPager({ page, shown, total, onPage, busy }: { page: number; shown: number; total: number; onPage(page: number): void; busy?: boolean }) {
  return (
    <Pager
      firstRow={(page - 1) * LIST_PAGE_SIZE + 1}
      shown={shown}
      total={total}
      hasPrevious={page > 1}
      hasNext={page * LIST_PAGE_SIZE < total}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      busy={busy}
    />
  );
}

type Trail = { queryKey: string; cursors: string[] };

/**
 * The cursors of the pages seen so far, so "previous" goes back without the server's help. They
 * belong to one query: when `queryKey` changes (another search or sort), paging starts again.
 */
export function useCursorTrail(queryKey = '') {
  const [trail, setTrail] = useState<Trail>({ queryKey, cursors: [] });
  const cursors = trail.queryKey === queryKey ? trail.cursors : [];
  const change = (update: (cursors: string[]) => string[]) =>
    setTrail((current) => ({ queryKey, cursors: update(current.queryKey === queryKey ? current.cursors : []) }));
  return {
    /** The current page's cursor; undefined on the first page. */
    cursor: cursors.at(-1),
    pageIndex: cursors.length,
    hasPrevious: cursors.length > 0,
    previous: () => change((current) => current.slice(0, -1)),
    next: (cursor: string) => change((current) => [...current, cursor]),
    reset: () => change(() => []),
  };
}

export type CursorTrail = ReturnType<typeof useCursorTrail>;

/** The pager of a list paged by the server's cursors, LIST_PAGE_SIZE rows a page. */
export function CursorPager({ trail, shown, nextCursor, busy }: { trail: CursorTrail; shown: number; nextCursor: string | null | undefined; busy: boolean }) {
  return (
    <Pager
      firstRow={trail.pageIndex * LIST_PAGE_SIZE + 1}
      shown={shown}
      hasPrevious={trail.hasPrevious}
      hasNext={Boolean(nextCursor)}
      onPrevious={trail.previous}
      onNext={() => nextCursor && trail.next(nextCursor)}
      busy={busy}
    />
  );
}
