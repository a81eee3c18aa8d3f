/**
 * Adds contacts to a snapshot group: search the account's contacts, tick them (the choice survives
 * paging and new searches), add them in one call. Contacts already in the group stay as they are.
 */
import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS, LIST_PAGE_SIZE } from '../../../../../shared/constants.js';
import { useContactSearch } from '../../../api/contacts.js';
import { changeGroupMembers, type TGroup } from '../../../api/groups.js';
import { ContactPages } from '../../../components/contacts/contact-pages.js';
import type { RowSelection } from '../../../components/contacts/contact-table.js';
import { showError } from '../../../components/error-dialog.js';
import { FormDialog } from '../../../components/form-dialog.js';
import { useCursorTrail } from '../../../components/pager.js';
import { SearchInput } from '../../../components/search-input.js';
import { notify } from '../../../components/toaster.js';
import { useBufferedSearch } from '../../../components/use-search-buffer.js';
import { useFormatters } from '../../../format/use-formatters.js';

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
    <FormDialog
      title={t('add.title', { name: group.name })}
      header={<SearchInput size="sm" search={search} label={t('add.search')} autoFocus data-testid="add-contacts-search" />}
      submitLabel={t('add.confirm', { count: selected.size, n: number(selected.size) })}
      submitTestId="add-contacts-confirm"
      canSubmit={selected.size > 0 && !tooMany}
      footerNote={
        <Text fontSize="sm" color={tooMany ? 'fg.error' : 'fg.muted'} data-testid="add-contacts-selected">
          {tooMany ? t('add.tooMany', { n: number(CONTACT_LIMITS.bulkIds) }) : t('details.selected', { count: selected.size, n: number(selected.size) })}
        </Text>
      }
      busy={adding}
      onSubmit={() => void add()}
      onClose={onClose}
      size="lg"
      flush
      testId="add-contacts-dialog"
    >
      <CandidatePages key={search.applied} quickSearch={search.applied} selection={{ selected, onChange: setSelected }} />
    </FormDialog>
  );
}

function CandidatePages({ quickSearch, selection }: { quickSearch: string; selection: RowSelection }) {
  const { t } = useTranslation('groups');
  const trail = useCursorTrail();
  const result = useContactSearch({ quickSearch: quickSearch || undefined, cursor: trail.cursor, limit: LIST_PAGE_SIZE });
  return (
    <ContactPages
      result={result}
      trail={trail}
      failed={{ title: t('add.loadFailed'), testId: 'add-contacts-error' }}
      empty={{ title: t(quickSearch ? 'add.noMatch' : 'add.noContacts'), testId: 'add-contacts-empty' }}
      label={t('add.candidates')}
      linkToProfile={false}
      selection={selection}
      testId="add-contacts-table"
    />
  );
}
