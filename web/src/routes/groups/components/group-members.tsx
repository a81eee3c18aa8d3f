/**
 * A group's contacts, a page at a time (cursor paging), with a quick search kept in the URL. In a
 * snapshot group the user may select contacts and remove them from the group (never from the account).
 */
import { useState } from 'react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../../../shared/constants.js';
import { changeGroupMembers, useGroupContacts, type TGroup } from '../../../api/groups.js';
import { ContactPages } from '../../../components/contacts/contact-pages.js';
import { showError } from '../../../components/error-dialog.js';
import { useCursorTrail } from '../../../components/pager.js';
import { SearchInput } from '../../../components/search-input.js';
import { notify } from '../../../components/toaster.js';
import { useBufferedSearchParam } from '../../../components/use-search-buffer.js';
import { useFormatters } from '../../../format/use-formatters.js';

type Props = { group: TGroup; canEdit: boolean; linkToProfile: boolean };

export function GroupMembers(props: Props) {
  const { t } = useTranslation('groups');
  const search = useBufferedSearchParam('search');
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid="group-members">
      <Flex gap="3" px={{ base: '4', md: '5' }} py="3.5" borderBottomWidth="1px" align="center" wrap="wrap" justify="space-between">
        <Text fontWeight="semibold">{t('details.members')}</Text>
        <Box w={{ base: 'full', sm: '72' }}>
          <SearchInput size="sm" search={search} label={t('details.searchMembers')} data-testid="member-search" />
        </Box>
      </Flex>
      {/* A new search starts again from its first page, with nothing selected. */}
      <MemberPages key={search.applied} {...props} quickSearch={search.applied} />
    </Box>
  );
}

function MemberPages({ group, canEdit, linkToProfile, quickSearch }: Props & { quickSearch: string }) {
  const { t } = useTranslation('groups');
  const { number } = useFormatters();
  const trail = useCursorTrail();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [removing, setRemoving] = useState(false);
  const result = useGroupContacts(group.id, { quickSearch: quickSearch || undefined, cursor: trail.cursor, limit: LIST_PAGE_SIZE });

  const removeSelected = async () => {
    setRemoving(true);
    try {
      await changeGroupMembers(group.id, { remove: [...selected] });
      notify({ type: 'success', title: t('details.removed', { count: selected.size, n: number(selected.size), name: group.name }) });
      setSelected(new Set());
      trail.reset();
    } catch (failure) {
      showError(failure, { entity: 'group' });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <ContactPages
      result={result}
      trail={trail}
      // The group's count is all its members; a quick search selects fewer, uncounted.
      total={quickSearch ? undefined : (group.count ?? undefined)}
      failed={{ title: t('details.membersFailed'), testId: 'members-error' }}
      empty={{ title: quickSearch ? t('details.noMatch') : group.type === 'D' ? t('details.emptyAuto') : t('details.emptySnapshot'), testId: 'members-empty' }}
      toolbar={
        canEdit &&
        selected.size > 0 && (
          <HStack px={{ base: '4', md: '5' }} py="2" bg="brand.subtle" justify="space-between" data-testid="member-selection">
            <Text fontSize="sm" fontWeight="medium">
              {t('details.selected', { count: selected.size, n: number(selected.size) })}
            </Text>
            <HStack gap="2">
              <Button size="xs" variant="ghost" onClick={() => setSelected(new Set())}>
                {t('details.clearSelection')}
              </Button>
              <Button size="xs" colorPalette="red" variant="solid" loading={removing} onClick={() => void removeSelected()} data-testid="remove-members">
                {t('details.removeSelected')}
              </Button>
            </HStack>
          </HStack>
        )
      }
      label={t('details.members')}
      linkToProfile={linkToProfile}
      selection={canEdit ? { selected, onChange: setSelected } : undefined}
      testId="member-table"
    />
  );
}
