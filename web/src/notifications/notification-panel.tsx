/**
 * The notification menu's list (spec §2.7): persistent notices first, then running jobs, then the
 * notifications as sentences, ten per page with "load more". Mounted while the menu is open, so
 * every opening refetches (spec §4).
 */
import { useState } from 'react';
import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { useNotificationPage, usePersistentNotices, useProgressItems } from '../api/notifications.js';
import { MenuEmpty, MenuError, MenuLoading } from '../shell/header-menu.js';
import { NotificationItem } from './notification-item.js';
import { PersistentNotice } from './persistent-notice.js';
import { ProgressItem } from './progress-item.js';
import { useNotificationActions } from './use-notification-actions.js';
import { useNoticeSentence } from './use-notice-sentence.js';

type PanelProps = { ownAccount: boolean; onLeave(): void };

export function NotificationPanel({ ownAccount, onLeave }: PanelProps) {
  const { t } = useTranslation(['activity', 'shell']);
  const notices = usePersistentNotices(true);
  const progress = useProgressItems(true);
  const first = useNotificationPage(1);
  const [pageCount, setPageCount] = useState(1);

  if (!first.page) return first.error ? <MenuError onRetry={() => void first.refetch()} testId="notifications-error" /> : <MenuLoading />;

  const jobs = progress?.progressNotifications ?? [];
  // `importing` without a job of its own: an import the server reports but has no row for yet.
  const bareImport = progress?.importing === true && !jobs.some((job) => job.type === 'import');
  if (notices.length === 0 && jobs.length === 0 && !bareImport && first.page.result.length === 0) {
    return <MenuEmpty text={t('shell:notifications.empty')} testId="notifications-empty" />;
  }

  return (
    <Box css={{ '& > *:not(:last-child)': { borderBottomWidth: '1px' } }} data-testid="notification-list">
      {notices.map((notice) => (
        <PersistentNotice key={notice.id} notice={notice} showBillingLink={ownAccount} onNavigate={onLeave} />
      ))}
      {jobs.map((job) => (
        <ProgressItem key={job.id} item={job} />
      ))}
      {bareImport && (
        <Flex align="center" gap="3" px="4" py="3">
          <Spinner size="sm" color="blue.fg" />
          <Text fontSize="sm">{t('progress.importing')}</Text>
        </Flex>
      )}
      {Array.from({ length: pageCount }, (_, index) => (
        <NotificationPage key={index + 1} number={index + 1} isLast={index + 1 === pageCount} onMore={() => setPageCount(pageCount + 1)} onLeave={onLeave} />
      ))}
    </Box>
  );
}

type PageProps = { number: number; isLast: boolean; onMore(): void; onLeave(): void };

/** One page of ten; the last loaded page offers the next while it came back full. */
function NotificationPage({ number, isLast, onMore, onLeave }: PageProps) {
  const { t } = useTranslation('activity');
  const { page, error, refetch } = useNotificationPage(number);
  const sentence = useNoticeSentence();
  const { open, remove } = useNotificationActions(onLeave);

  if (!page) {
    return error ? <MenuError onRetry={() => void refetch()} testId="notifications-page-error" /> : <MenuLoading />;
  }
  return (
    <>
      {page.result.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          sentence={sentence(notification)}
          onOpen={() => open(notification)}
          onDelete={remove && (() => void remove(notification))}
        />
      ))}
      {isLast && page.result.length === LIST_PAGE_SIZE && (
        <Flex justify="center" py="2">
          <Button size="xs" variant="ghost" onClick={onMore} data-testid="notifications-load-more">
            {t('list.loadMore')}
          </Button>
        </Flex>
      )}
    </>
  );
}
