/**
 * Adds contacts to a snapshot group: search the account's contacts, tick them (the choice survives
 * paging and new searches), add them in one call. Contacts already in the group stay as they are.
 */
import { useState } from 'react';
import { Box, Button, Dialog, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, LIST_PAGE_SIZE } from '../../../../../shared/constants.js';
import { useContactSearch } from '../../../api/contacts.js';
import { changeGroupMembers, type TGroup } from '../../../api/groups.js';
import { ContactTable } from '../../../components/contact-table.js';
import { showError } from '../../../components/error-dialog.js';
import { InboxIcon, WarningIcon } from '../../../components/icons.js';
import { Pager, useCursorTrail } from '../../../components/pager.js';
import { SearchInput } from '../../../components/search-input.js';
import { notify } from '../../../components/toaster.js';
import { useBufferedSearch } from '../../../components/use-search-buffer.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { ListMessage } from '../../contacts/components/list-message.js';

export function AddContactsDialog({ group, onClose }: { group: TGroup; onClose(): void }) {
  const { t } = useTranslation('groups');
  const { number } = useFormatters();
  const search = useBufferedSearch();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const tooMany = selected.size > CONTACT_LIMITS.bulkIds;

  const add = async () => {
    setAdding(true);
    try {
      await changeGroupMembers(group.id, { add: [...selected] });
      notify({ type: 'success', title: t('add.done', { count: selected.size, n: number(selected.size), name: group.name }) });
      onClose();
    } catch (error) {
      showError(error, { entity: 'group' });
      setAdding(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !adding && onClose()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="add-contacts-dialog">
            <Dialog.Header flexDirection="column" alignItems="stretch" gap="3">
              <Dialog.Title>{t('add.title', { name: group.name })}</Dialog.Title>
              <SearchInput
                size="sm"
                search={search}
                label={t('add.search')}
                autoFocus
                data-testid="add-contacts-search"
              />
            </Dialog.Header>
            <Dialog.Body px="0" py="0">
              <CandidatePages key={search.applied} quickSearch={search.applied} selected={selected} onSelect={setSelected} />
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text fontSize="sm" color={tooMany ? 'fg.error' : 'fg.muted'} data-testid="add-contacts-selected">
                {tooMany ? t('add.tooMany', { n: number(CONTACT_LIMITS.bulkIds) }) : t('details.selected', { count: selected.size, n: number(selected.size) })}
              </Text>
              <HStack gap="2">
                <Button variant="outline" onClick={onClose} disabled={adding}>
                  {t('form.cancel')}
                </Button>
                <Button onClick={() => void add()} disabled={selected.size === 0 || tooMany} loading={adding} data-testid="add-contacts-confirm">
                  {t('add.confirm', { count: selected.size, n: number(selected.size) })}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CandidatePages({ quickSearch, selected, onSelect }: { quickSearch: string; selected: ReadonlySet<string>; onSelect(selected: Set<string>): void }) {
  const { t } = useTranslation('groups');
  const trail = useCursorTrail();
  const { page, error, isValidating, refetch } = useContactSearch({ quickSearch: quickSearch || undefined, cursor: trail.cursor, limit: LIST_PAGE_SIZE });

  if (!page) {
    if (error) {
      return (
        <ListMessage icon={WarningIcon} tone="error" title={t('add.loadFailed')} testId="add-contacts-error">
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('common:action.retry')}
          </Button>
        </ListMessage>
      );
    }
    return (
      <Stack gap="2" p="4">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h="9" rounded="md" />
        ))}
      </Stack>
    );
  }
  if (page.data.length === 0 && !trail.hasPrevious) return <ListMessage icon={InboxIcon} title={t(quickSearch ? 'add.noMatch' : 'add.noContacts')} testId="add-contacts-empty" />;
  return (
    <Box>
      <ContactTable contacts={page.data} label={t('add.candidates')} linkToProfile={false} selection={{ selected, onChange: onSelect }} testId="add-contacts-table" />
      <Pager
        firstRow={trail.pageIndex * LIST_PAGE_SIZE + 1}
        shown={page.data.length}
        hasPrevious={trail.hasPrevious}
        hasNext={page.nextCursor !== null && !isValidating}
        onPrevious={trail.previous}
        onNext={() => page.nextCursor && trail.next(page.nextCursor)}
        busy={isValidating}
      />
    </Box>
  );
}
