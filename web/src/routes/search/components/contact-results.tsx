/**
 * What an advanced search found: the count as soon as the server has it, the contacts a page at a
 * time, and the two ways to keep the search as a group (through groups/save-group).
 */
import { Box, Button, Flex, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../../../../shared/constants.js';
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import type { TContactFilter } from '../../../../../shared/schemas/contact-search.js';
import { useContactCount, useContactSearch } from '../../../api/contacts.js';
import { MatchCount } from '../../../components/conditions/match-count.js';
import { ContactTable } from '../../../components/contact-table.js';
import { InboxIcon, WarningIcon } from '../../../components/icons.js';
import { CameraIcon, RefreshIcon } from '../../../components/list-icons.js';
import { Pager, useCursorTrail } from '../../../components/pager.js';
import { useClaims } from '../../../session/session.js';
import { ListMessage } from '../../contacts/components/list-message.js';
import { groupPaths } from '../../groups/paths.js';

export function ContactResults({ filter }: { filter: TContactFilter }) {
  const { t } = useTranslation('search');
  const claims = useClaims();
  const canSaveGroups = claims !== null && hasPermission(claims, 'group', 'write');

  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid="contact-results">
      <Flex gap="3" px={{ base: '4', md: '5' }} py="3.5" borderBottomWidth="1px" align="center" justify="space-between" wrap="wrap">
        <Box aria-live="polite">
          <MatchCount filter={filter} fontWeight="semibold" />
        </Box>
        {canSaveGroups && (
          <HStack gap="2" wrap="wrap">
            {filter.conditions && (
              <Button asChild size="sm" variant="outline">
                <RouterLink to={groupPaths.save('D', filter)} data-testid="save-auto-group">
                  <RefreshIcon boxSize="4" />
                  {t('results.saveAuto')}
                </RouterLink>
              </Button>
            )}
            <Button asChild size="sm" variant="outline">
              <RouterLink to={groupPaths.save('S', filter)} data-testid="save-snapshot-group">
                <CameraIcon boxSize="4" />
                {t('results.saveSnapshot')}
              </RouterLink>
            </Button>
          </HStack>
        )}
      </Flex>
      <ResultPages filter={filter} />
    </Box>
  );
}

function ResultPages({ filter }: { filter: TContactFilter }) {
  const { t } = useTranslation('search');
  const trail = useCursorTrail();
  const { page, error, isValidating, refetch } = useContactSearch({ ...filter, cursor: trail.cursor, limit: LIST_PAGE_SIZE });
  const { count } = useContactCount(filter);

  if (!page) {
    if (error) {
      return (
        <ListMessage icon={WarningIcon} tone="error" title={t('results.failed')} testId="results-error">
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('common:action.retry')}
          </Button>
        </ListMessage>
      );
    }
    return (
      <Stack gap="2" p="4">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h="9" rounded="md" />
        ))}
      </Stack>
    );
  }
  if (page.data.length === 0 && !trail.hasPrevious) return <ListMessage icon={InboxIcon} title={t('results.none')} text={t('results.noneHint')} testId="results-empty" />;
  return (
    <>
      <ContactTable contacts={page.data} label={t('results.label')} linkToProfile testId="result-table" />
      <Pager
        firstRow={trail.pageIndex * LIST_PAGE_SIZE + 1}
        shown={page.data.length}
        total={count}
        hasPrevious={trail.hasPrevious}
        hasNext={page.nextCursor !== null && !isValidating}
        onPrevious={trail.previous}
        onNext={() => page.nextCursor && trail.next(page.nextCursor)}
        busy={isValidating}
      />
    </>
  );
}
