/** The filtered history, ten per page, the next page on demand while the server has more. */
import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNotificationHistoryPage, type HistoryFilter } from '../../../api/notifications.js';
import { InboxIcon, WarningIcon } from '../../../components/icons.js';
import { useNoticeSentence } from '../../../notifications/use-notice-sentence.js';
import { HistoryRow } from './history-row.js';

export function HistoryList({ query, isFiltered }: { query: HistoryFilter; isFiltered: boolean }) {
  const [pageCount, setPageCount] = useState(1);
  return (
    <Box css={{ '& > *:not(:last-child)': { borderBottomWidth: '1px' } }} data-testid="history-list">
      {Array.from({ length: pageCount }, (_, index) => (
        <HistoryPage
          key={index + 1}
          number={index + 1}
          query={query}
          isFiltered={isFiltered}
          isLast={index + 1 === pageCount}
          onMore={() => setPageCount(pageCount + 1)}
        />
      ))}
    </Box>
  );
}

type HistoryPageProps = { number: number; query: HistoryFilter; isFiltered: boolean; isLast: boolean; onMore(): void };

function HistoryPage({ number, query, isFiltered, isLast, onMore }: HistoryPageProps) {
  const { t } = useTranslation(['activity', 'common']);
  const { page, error, refetch } = useNotificationHistoryPage(number, query);
  const sentence = useNoticeSentence();

  if (!page) {
    if (error) {
      return (
        <ListState icon={<WarningIcon boxSize="6" />} text={t('list.loadFailed')} testId="history-error">
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('common:action.retry')}
          </Button>
        </ListState>
      );
    }
    return (
      <Flex justify="center" py="10">
        <Spinner color="brand.solid" />
      </Flex>
    );
  }
  if (number === 1 && page.result.length === 0) {
    return <ListState icon={<InboxIcon boxSize="6" />} text={t(isFiltered ? 'history.emptyFiltered' : 'history.empty')} testId="history-empty" />;
  }
  return (
    <>
      {page.result.map((notification) => (
        <HistoryRow key={notification.id} notification={notification} sentence={sentence(notification)} />
      ))}
      {isLast && page.hasMore && (
        <Flex justify="center" py="3">
          <Button size="sm" variant="outline" onClick={onMore} data-testid="history-load-more">
            {t('list.loadMore')}
          </Button>
        </Flex>
      )}
    </>
  );
}

function ListState({ icon, text, testId, children }: { icon: ReactNode; text: string; testId: string; children?: ReactNode }) {
  return (
    <Flex direction="column" align="center" gap="3" px="8" py="14" textAlign="center" data-testid={testId}>
      <Flex boxSize="12" rounded="full" bg="bg.muted" align="center" justify="center" color="fg.muted">
        {icon}
      </Flex>
      <Text color="fg.muted" maxW="sm">
        {text}
      </Text>
      {children}
    </Flex>
  );
}
