/** The account's sender IDs: status, details, when requested; request a new one, delete one. */
import { useState } from 'react';
import { Box, Button, IconButton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { deleteSenderId, useSenderIds, type TSenderId } from '../../../../api/sms-settings.js';
import { ConfirmDialog } from '../../../../components/confirm-dialog.js';
import { InboxIcon, PlusIcon, TrashIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { useFormatters } from '../../../../format/use-formatters.js';
import type { SectionPermissions } from '../../use-section-permissions.js';
import { RequestSenderIdDialog } from './request-sender-id-dialog.js';
import { SenderIdDetail, SenderIdStatusBadge } from '../../../../components/sender-id-status.js';
import { SettingsCard } from '../../../../components/settings-card.js';

export function SenderIdsSection({ permissions }: { permissions: SectionPermissions }) {
  const { t } = useTranslation('sms-settings');
  const { senderIds, error, isLoading, refetch } = useSenderIds();
  const [requesting, setRequesting] = useState(false);
  const [deleting, setDeleting] = useState<TSenderId | null>(null);

  return (
    <SettingsCard
      title={t('senderIds.title')}
      description={t('senderIds.description')}
      testId="sender-ids-section"
      action={
        permissions.canWrite && (
          <Button size="sm" onClick={() => setRequesting(true)} data-testid="sender-id-request">
            <PlusIcon boxSize="4" />
            {t('senderIds.request')}
          </Button>
        )
      }
    >
      {isLoading && !senderIds ? (
        <ListSkeleton rows={2} />
      ) : error && !senderIds ? (
        <ListError title={t('senderIds.loadFailed')} onRetry={() => void refetch()} testId="sender-ids-error" />
      ) : !senderIds || senderIds.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('senderIds.empty')} text={t('senderIds.emptyText')} testId="sender-ids-empty" />
      ) : (
        <SenderIdTable senderIds={senderIds} canDelete={permissions.canDelete} onDelete={setDeleting} />
      )}
      {requesting && <RequestSenderIdDialog onClose={() => setRequesting(false)} />}
      {deleting && (
        <ConfirmDialog
          title={t('delete.title')}
          confirmLabel={t('delete.confirm')}
          destructive
          testId="sender-id-delete-dialog"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteSenderId(deleting.id);
            setDeleting(null);
          }}
        >
          <Text>{t('delete.message', { senderId: deleting.senderId })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

function SenderIdTable({ senderIds, canDelete, onDelete }: { senderIds: TSenderId[]; canDelete: boolean; onDelete(senderId: TSenderId): void }) {
  const { t } = useTranslation('sms-settings');
  const { dateTime } = useFormatters();
  return (
    <Box overflowX="auto">
      <Table.Root size="md" data-testid="sender-id-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('column.senderId')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.details')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('column.requested')}</Table.ColumnHeader>
            {canDelete && (
              <Table.ColumnHeader textAlign="end">
                <Box as="span" srOnly>
                  {t('column.actions')}
                </Box>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {senderIds.map((senderId) => (
            <Table.Row key={senderId.id} data-testid="sender-id-row" data-sender-id={senderId.senderId}>
              <Table.Cell fontWeight="medium" fontFamily="mono">
                {senderId.senderId}
              </Table.Cell>
              <Table.Cell>
                <SenderIdStatusBadge senderId={senderId} />
              </Table.Cell>
              <Table.Cell maxW="sm">
                <SenderIdDetail senderId={senderId} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm">
                {dateTime(senderId.createTime)}
              </Table.Cell>
              {canDelete && (
                <Table.Cell textAlign="end">
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('delete.label', { senderId: senderId.senderId })}
                    onClick={() => onDelete(senderId)}
                    data-testid="sender-id-delete"
                  >
                    <TrashIcon boxSize="4" />
                  </IconButton>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
