/** `/activity-history` (spec §2.1, §2.7 "view history"): the notification history, own account only (spec §6; the route's OwnAccountOnly). */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { HistoryFilters } from './components/history-filters.js';
import { HistoryList } from './components/history-list.js';
import { useHistoryFilter } from './use-history-filter.js';

export default function ActivityHistoryPage() {
  const { t } = useTranslation('activity');
  const filter = useHistoryFilter();

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="4xl" mx="auto" data-testid="activity-history">
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('history.title')}
        </Heading>
        <Text color="fg.muted">{t('history.subtitle')}</Text>
      </Stack>
      <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
        <HistoryFilters filter={filter} />
        {/* A new filter starts again from its first page. */}
        {filter.query && <HistoryList key={JSON.stringify(filter.query)} query={filter.query} isFiltered={filter.isFiltered} />}
      </Box>
    </Box>
  );
}
