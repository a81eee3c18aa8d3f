/**
 * The contacts tab (`/contacts?tab=0`): quick search, column chooser, the sortable table with
 * selection, bulk delete and "Add to group", and paging through the server's cursors.
 */
import { useState } from 'react';
import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { TContact } from '../../../../../shared/schemas/contacts.js';
import { useFieldSchemas } from '../../../api/contacts.js';
import { ContactTable } from '../../../components/contacts/contact-table.js';
import { ContactsIcon, FilterIcon, GroupsIcon, SearchIcon, TrashIcon } from '../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { Pager } from '../../../components/pager.js';
import { SearchInput } from '../../../components/search-input.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { searchPaths } from '../../../paths/search.js';
import { allColumns } from '../../../components/contacts/contact-columns.js';
import { contactAddress } from '../../../components/contacts/field-values.js';
import { contactPaths } from '../../../paths/contacts.js';
import { useContactList } from '../use-contact-list.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { useHiddenColumns } from '../use-hidden-columns.js';
import { AddToGroupDialog } from './add-to-group-dialog.js';
import { ColumnChooser } from './column-chooser.js';
import { ContactLimitAlert } from './contact-limit-alert.js';
import { ContactRowMenu } from './contact-row-menu.js';
import { DeleteContactsDialog } from './delete-contacts-dialog.js';

type Dialog = { kind: 'delete'; ids: string[]; name?: string } | { kind: 'addToGroup'; ids: string[] } | null;

export function ContactList() {
  const { t } = useTranslation('contacts');
  const { number } = useFormatters();
  const permissions = useContactPermissions();
  const { schemas } = useFieldSchemas();
  const { hidden, setColumnVisible } = useHiddenColumns();
  const list = useContactList();
  const [dialog, setDialog] = useState<Dialog>(null);

  // A selection belongs to the page it was made on.
  const [selection, setSelection] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({ pageKey: list.pageKey, ids: new Set() });
  const selected = selection.pageKey === list.pageKey ? selection.ids : new Set<string>();
  const select = (ids: ReadonlySet<string>) => setSelection({ pageKey: list.pageKey, ids });
  const canSelect = permissions.canDelete || permissions.canWriteGroups;

  const fields = new Map((schemas ?? []).map((field) => [field.id, field]));
  const columns = allColumns(schemas ?? []);
  const chosenColumns = columns.filter((column) => !hidden.has(column));
  // Hidden choices can outlive the fields that stayed visible (a deleted field): the addresses then show.
  const visibleColumns = chosenColumns.length > 0 ? chosenColumns : columns.slice(0, 2);
  const rows = list.rows;

  const askDelete = (contact: TContact) => setDialog({ kind: 'delete', ids: [contact.id], name: contactAddress(contact) ?? undefined });

  let content;
  if (!rows) {
    content = list.error ? (
      <ListError title={t('list.loadFailed')} onRetry={() => void list.refetch()} testId="contacts-error" />
    ) : (
      <ListSkeleton rows={6} testId="contacts-loading" />
    );
  } else if (rows.length === 0 && list.isFiltered) {
    content = (
      <ListMessage icon={SearchIcon} title={t('list.noMatch', { search: list.search.applied })} text={t('list.noMatchHint')} testId="contacts-no-match">
        <Button size="sm" variant="outline" onClick={() => list.search.setText('')}>
          {t('list.clearSearch')}
        </Button>
      </ListMessage>
    );
  } else if (rows.length === 0) {
    content = (
      <ListMessage icon={ContactsIcon} title={t('list.empty')} text={t('list.emptyHint')} testId="contacts-empty">
        {permissions.canWrite && (
          <Button asChild size="sm">
            <RouterLink to={contactPaths.create}>{t('action.create')}</RouterLink>
          </Button>
        )}
      </ListMessage>
    );
  } else {
    content = (
      <ContactTable
        contacts={rows}
        columns={visibleColumns}
        fields={fields}
        sorting={{ sort: list.sort, onSort: list.sortBy }}
        selection={canSelect ? { selected, onChange: select } : undefined}
        linkToProfile
        withChannelStatus
        rowActions={(contact) => <ContactRowMenu contact={contact} permissions={permissions} onDelete={askDelete} />}
        busy={list.isLoading}
      />
    );
  }

  return (
    <Stack gap="4">
      <ContactLimitAlert />
      <Box bg="bg" borderWidth="1px" rounded="xl" shadow="xs" overflow="hidden" data-testid="contact-list">
        <Flex gap="3" px="4" py="3" borderBottomWidth="1px" align="center" wrap="wrap" minH="14">
          {selected.size > 0 ? (
            <HStack gap="2" flex="1" wrap="wrap" data-testid="selection-bar">
              <Text fontSize="sm" fontWeight="semibold" mr="2">
                {t('list.selected', { count: selected.size, n: number(selected.size) })}
              </Text>
              {permissions.canWriteGroups && (
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'addToGroup', ids: [...selected] })} data-testid="bulk-add-to-group">
                  <GroupsIcon boxSize="4" />
                  {t('action.addToGroup')}
                </Button>
              )}
              {permissions.canDelete && (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog({ kind: 'delete', ids: [...selected] })} data-testid="bulk-delete">
                  <TrashIcon boxSize="4" />
                  {t('action.delete')}
                </Button>
              )}
              <Button size="sm" variant="ghost" colorPalette="gray" onClick={() => select(new Set())}>
                {t('list.clearSelection')}
              </Button>
            </HStack>
          ) : (
            <>
              <Box flex="1" minW="56" maxW="md">
                <SearchInput size="sm" search={list.search} label={t('list.search')} maxLength={100} data-testid="contact-search" />
              </Box>
              <HStack gap="2" ms="auto">
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={searchPaths.contacts()} data-testid="advanced-search-link">
                    <FilterIcon boxSize="4" />
                    {t('list.advancedSearch')}
                  </RouterLink>
                </Button>
                <ColumnChooser columns={columns} hidden={hidden} fields={fields} onChange={setColumnVisible} />
              </HStack>
            </>
          )}
        </Flex>
        {content}
        {rows && rows.length > 0 && (
          <Pager
            firstRow={list.firstRow}
            shown={rows.length}
            total={list.count}
            hasPrevious={list.hasPrevious}
            hasNext={list.hasNext}
            onPrevious={list.previous}
            onNext={list.next}
            busy={list.isLoading}
          />
        )}
      </Box>
      {dialog?.kind === 'delete' && (
        <DeleteContactsDialog
          ids={dialog.ids}
          name={dialog.name}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            select(new Set());
          }}
        />
      )}
      {dialog?.kind === 'addToGroup' && (
        <AddToGroupDialog
          contactIds={dialog.ids}
          onClose={() => setDialog(null)}
          onAdded={() => {
            setDialog(null);
            select(new Set());
          }}
        />
      )}
    </Stack>
  );
}
