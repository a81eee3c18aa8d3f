/**
 * Previous/next paging under a list: "11–20 of 57" and two buttons. Serves page-numbered lists
 * (groups) and cursor-paged ones (contacts), whose cursors useCursorTrail keeps.
 */
import { useState } from 'react';
import { Flex, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../announcements/announcement-icons.js';
import { useFormatters } from '../format/use-formatters.js';

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
  return (
    <Flex align="center" justify="space-between" gap="3" px="4" py="2.5" borderTopWidth="1px" data-testid="pager">
      <Text fontSize="sm" color="fg.muted" data-testid="pager-range">
        {shown === 0 ? '' : total === undefined ? t('pager.range', range) : t('pager.rangeOf', { ...range, total: number(total) })}
      </Text>
      <HStack gap="1">
        {busy && <Spinner size="sm" color="fg.muted" mr="2" />}
        <IconButton size="sm" variant="outline" aria-label={t('pager.previous')} disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronIcon direction="left" boxSize="4" />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={t('pager.next')} disabled={!hasNext} onClick={onNext}>
          <ChevronIcon direction="right" boxSize="4" />
        </IconButton>
      </HStack>
    </Flex>
  );
}

/** The cursors of the pages seen so far, so "previous" goes back without the server's help. */
export function useCursorTrail() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    /** The current page's cursor; undefined on the first page. */
    cursor: cursors.at(-1),
    pageIndex: cursors.length,
    hasPrevious: cursors.length > 0,
    previous: () => setCursors((current) => current.slice(0, -1)),
    next: (cursor: string) => setCursors((current) => [...current, cursor]),
    reset: () => setCursors([]),
  };
}
