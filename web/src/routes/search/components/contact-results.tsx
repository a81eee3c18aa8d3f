/**
 * What an advanced search found: the count as soon as the server has it, the contacts a page at a
 * time, and the two ways to keep the search as a group (through groups/save-group).
 */
import { Box, Button, Flex, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../../../../shared/constants.js';
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import type { TContactFilter } from '../../../../../shared/schemas/contact-search.js';
import { useContactCount, useContactSearch } from '../../../api/contacts.js';
import { MatchCount } from '../../../components/conditions/match-count.js';
import { ContactPages } from '../../../components/contacts/contact-pages.js';
import { CameraIcon, RefreshIcon } from '../../../components/icons.js';
import { useCursorTrail } from '../../../components/pager.js';
import { useClaims } from '../../../session/session.js';
import { ExportButton } from '../../../components/exports/export-button.js';
import { groupPaths } from '../../../paths/groups.js';

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
        <HStack gap="2" wrap="wrap">
          <ExportButton source={{ kind: 'search', filter }} label={t('results.export')} size="sm" testId="export-search" />
          {canSaveGroups && filter.conditions && (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={groupPaths.save('D', filter)} data-testid="save-auto-group">
                <RefreshIcon boxSize="4" />
                {t('results.saveAuto')}
              </RouterLink>
            </Button>
          )}
          {canSaveGroups && (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={groupPaths.save('S', filter)} data-testid="save-snapshot-group">
                <CameraIcon boxSize="4" />
                {t('results.saveSnapshot')}
              </RouterLink>
            </Button>
          )}
        </HStack>
      </Flex>
      <ResultPages filter={filter} />
    </Box>
  );
}

function ResultPages({ filter }: { filter: TContactFilter }) {
  const { t } = useTranslation('search');
  const trail = useCursorTrail();
  const result = useContactSearch({ ...filter, cursor: trail.cursor, limit: LIST_PAGE_SIZE });
  const { count } = useContactCount(filter);
  return (
    <ContactPages
      result={result}
      trail={trail}
      total={count}
      failed={{ title: t('results.failed'), testId: 'results-error' }}
      empty={{ title: t('results.none'), text: t('results.noneHint'), testId: 'results-empty' }}
      label={t('results.label')}
      linkToProfile
      testId="result-table"
    />
  );
}
