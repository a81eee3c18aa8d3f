/**
 * `/admin/sender-ids`: provider support reviews sender IDs (spec §4 "Sender ID"): approve or reject
 * (with the reason the account reads) requests and re-verifications, and force verified IDs
 * through re-verification by an end time. Anyone else gets the error page.
 */
import { useState } from 'react';
import { Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { decideSenderId, useAdminSenderIds, type TAdminSenderId, type TAdminSenderIdQueue } from '../../api/sms-settings.js';
import { showError } from '../../components/error-dialog.js';
import { InboxIcon } from '../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../components/list-states.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useClaims } from '../../session/session.js';
import { ErrorPage } from '../../components/error-page.js';
import { SenderIdDetail, SenderIdStatusBadge } from '../../components/sender-id-status.js';
import { AdminTabs } from './admin-tabs.js';
import { SenderIdDecisionDialog, type DialogDecision } from './sender-id-decision-dialog.js';

export default function SenderIdsAdminPage() {
  const claims = useClaims();
  if (!claims?.admin) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <SenderIdsAdmin />;
}

const QUEUES: readonly TAdminSenderIdQueue[] = ['review', 'verified'];

type Deciding = { senderId: TAdminSenderId; decision: DialogDecision };

function SenderIdsAdmin() {
  const { t } = useTranslation('sms-settings');
  const [queue, setQueue] = useState<TAdminSenderIdQueue>('review');
  const { senderIds, error, isLoading, refetch } = useAdminSenderIds(queue);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [approving, setApproving] = useState<string | null>(null);

  const approve = async (senderId: TAdminSenderId) => {
    setApproving(senderId.id);
    try {
      await decideSenderId(senderId, { action: 'approve' });
      await refetch();
    } catch (failure) {
      showError(failure);
    } finally {
      setApproving(null);
    }
  };

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="6xl" mx="auto" data-testid="sender-ids-admin">
      <AdminTabs current="sender-ids" />
      <Flex gap="4" align={{ base: 'stretch', sm: 'end' }} justify="space-between" direction={{ base: 'column', sm: 'row' }} mb="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {t('admin.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.subtitle')}</Text>
        </Stack>
        <HStack gap="2" role="group" aria-label={t('admin.queue.label')}>
          {QUEUES.map((name) => (
            <Button key={name} size="sm" variant={queue === name ? 'solid' : 'outline'} aria-pressed={queue === name} onClick={() => setQueue(name)} data-testid={`admin-queue-${name}`}>
              {t(`admin.queue.${name}`)}
            </Button>
          ))}
        </HStack>
      </Flex>
      <Box borderWidth="1px" rounded="xl" overflowX="auto" bg="bg">
        {isLoading && !senderIds ? (
          <ListSkeleton rows={3} />
        ) : error && !senderIds ? (
          <ListError title={t('admin.loadFailed')} onRetry={() => void refetch()} testId="admin-sender-ids-error" />
        ) : !senderIds || senderIds.length === 0 ? (
          <ListMessage icon={InboxIcon} title={t(`admin.empty.${queue}`)} testId="admin-sender-ids-empty" />
        ) : (
          <AdminSenderIdTable
            senderIds={senderIds}
            queue={queue}
            approving={approving}
            onApprove={(senderId) => void approve(senderId)}
            onDecide={(senderId, decision) => setDeciding({ senderId, decision })}
          />
        )}
      </Box>
      {deciding && (
        <SenderIdDecisionDialog
          senderId={deciding.senderId}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecided={() => {
            setDeciding(null);
            void refetch();
          }}
        />
      )}
    </Box>
  );
}

type TableProps = {
  senderIds: TAdminSenderId[];
  queue: TAdminSenderIdQueue;
  approving: string | null;
  onApprove(senderId: TAdminSenderId): void;
  onDecide(senderId: TAdminSenderId, decision: DialogDecision): void;
};

function AdminSenderIdTable({ senderIds, queue, approving, onApprove, onDecide }: TableProps) {
  const { t } = useTranslation('sms-settings');
  const { dateTime } = useFormatters();
  return (
    <Table.Root size="md" data-testid="admin-sender-id-table">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>{t('column.senderId')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('admin.column.account')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('column.status')}</Table.ColumnHeader>
          <Table.ColumnHeader whiteSpace="nowrap">{t('column.requested')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Box as="span" srOnly>
              {t('column.actions')}
            </Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {senderIds.map((senderId) => (
          <Table.Row key={`${senderId.tuid}/${senderId.id}`} data-testid="admin-sender-id-row" data-sender-id={senderId.senderId}>
            <Table.Cell fontWeight="medium" fontFamily="mono">
              {senderId.senderId}
            </Table.Cell>
            <Table.Cell>
              <Text fontSize="sm">{senderId.accountName}</Text>
              <Text fontSize="xs" color="fg.muted">
                {senderId.accountEmail}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Stack gap="1" align="start">
                <SenderIdStatusBadge senderId={senderId} />
                {senderId.senderIdForceReverifyEndTime && <SenderIdDetail senderId={senderId} />}
              </Stack>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontSize="sm">
              {dateTime(senderId.createTime)}
            </Table.Cell>
            <Table.Cell textAlign="end">
              <HStack gap="2" justify="end">
                {queue === 'review' && (
                  <Button size="xs" colorPalette="green" loading={approving === senderId.id} onClick={() => onApprove(senderId)} data-testid="admin-sender-id-approve">
                    {t('admin.approve')}
                  </Button>
                )}
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDecide(senderId, 'reject')} data-testid="admin-sender-id-reject">
                  {t('admin.reject')}
                </Button>
                {senderId.status === 'verified' && (
                  <Button size="xs" variant="outline" onClick={() => onDecide(senderId, 'force-reverify')} data-testid="admin-sender-id-reverify">
                    {t('admin.reverify')}
                  </Button>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
