/**
 * The groups, paged by the server: a name search and a type filter kept in the URL
 * (`?search=&type=&page=`), the table, previous/next, and deleting with a confirmation. Serves
 * `/groups` and `/advanced-search/groups`.
 */
import { useEffect, useState } from 'react';
import { Box, Flex, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../../../shared/constants.js';
import { useGroupList, type GroupType, type TGroup } from '../../api/groups.js';
import { InboxIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { NumberedPager } from '../pager.js';
import { SearchInput } from '../search-input.js';
import { useBufferedSearchParam } from '../use-search-buffer.js';
import type { GroupPermissions } from './use-group-permissions.js';
import { DeleteGroupDialog } from './delete-group-dialog.js';
import { GroupTable } from './group-table.js';

const PAGE = 'page';
const TYPE = 'type';

function groupTypeOf(value: string | null): GroupType | undefined {
  return value === 'S' || value === 'D' ? value : undefined;
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function GroupList({ permissions }: { permissions: GroupPermissions }) {
  const { t } = useTranslation('groups');
  const [params, setParams] = useSearchParams();
  const search = useBufferedSearchParam('search', [PAGE]);
  const type = groupTypeOf(params.get(TYPE));
  const page = pageOf(params.get(PAGE));
  const { list, error, isLoading, refetch } = useGroupList({ page, search: search.applied || undefined, type });
  const [deleting, setDeleting] = useState<TGroup | null>(null);

  // Paging adds history entries (back returns to the previous page); filter changes replace the entry.
  const setParam = (name: string, value: string | null, replace = name !== PAGE) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== PAGE) next.delete(PAGE);
        return next;
      },
      { replace },
    );

  const lastPage = list ? Math.max(1, Math.ceil(list.total / LIST_PAGE_SIZE)) : 1;
  // A page emptied by deletions (or an old link) gives way to the last page that has groups.
  const isPastEnd = list !== undefined && !isLoading && list.data.length === 0 && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setParam(PAGE, lastPage > 1 ? String(lastPage) : null, true);
  }, [isPastEnd]);
  const filtered = Boolean(search.applied || type);

  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
      <Flex gap="3" px={{ base: '4', md: '5' }} py="4" borderBottomWidth="1px" wrap="wrap" align="center">
        <Box flex="1" minW="56" maxW="md">
          <SearchInput size="sm" search={search} label={t('list.search')} data-testid="group-search" />
        </Box>
        <NativeSelect.Root size="sm" w="48">
          <NativeSelect.Field aria-label={t('list.typeFilter')} value={type ?? ''} onChange={(event) => setParam(TYPE, groupTypeOf(event.currentTarget.value) ?? null)} data-testid="group-type-filter">
            <option value="">{t('list.allTypes')}</option>
            <option value="S">{t('type.S')}</option>
            <option value="D">{t('type.D')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {!list ? (
        error ? (
          <ListError title={t('list.loadFailed')} onRetry={() => void refetch()} testId="group-list-error" />
        ) : (
          <ListSkeleton rows={4} rowHeight="10" />
        )
      ) : list.data.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t(filtered ? 'list.noMatch' : 'list.empty')} text={filtered ? t('list.noMatchHint') : undefined} testId="group-list-empty" />
      ) : (
        <>
          <GroupTable groups={list.data} canWrite={permissions.canWrite} canDelete={permissions.canDelete} onDelete={setDeleting} />
          <NumberedPager page={page} shown={list.data.length} total={list.total} onPage={(next) => setParam(PAGE, next > 1 ? String(next) : null)} busy={isLoading} />
        </>
      )}
      {deleting && <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />}
    </Box>
  );
}
