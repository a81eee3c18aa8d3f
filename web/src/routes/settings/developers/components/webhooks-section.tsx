/**
 * The account's webhook endpoints: address, events, status; add one (its signing secret shown
 * once), send a test event, turn on or off, delete, and each endpoint's delivery log with resend.
 */
import { useState } from 'react';
import { Badge, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  sendWebhookTest,
  setWebhookEndpointStatus,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type TWebhookEndpoint,
} from '../../../../api/developers.js';
import { ConfirmDialog } from '../../../../components/confirm-dialog.js';
import { showError } from '../../../../components/error-dialog.js';
import { FormDialog } from '../../../../components/form-dialog.js';
import { InboxIcon, PlusIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { useFormatters } from '../../../../format/use-formatters.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import { CreateWebhookDialog } from './create-webhook-dialog.js';

export function WebhooksSection() {
  const { t } = useTranslation('developers');
  const { endpoints, error, isLoading, refetch } = useWebhookEndpoints();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [showingLog, setShowingLog] = useState<TWebhookEndpoint | null>(null);

  return (
    <SettingsCard
      title={t('webhooks.title')}
      description={t('webhooks.description')}
      testId="webhooks-section"
      action={
        <Button size="sm" onClick={() => setCreating(true)} data-testid="webhook-create">
          <PlusIcon boxSize="4" />
          {t('webhooks.create')}
        </Button>
      }
    >
      {isLoading && !endpoints ? (
        <ListSkeleton rows={2} />
      ) : error && !endpoints ? (
        <ListError title={t('webhooks.loadFailed')} onRetry={() => void refetch()} testId="webhooks-error" />
      ) : !endpoints || endpoints.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('webhooks.empty')} text={t('webhooks.emptyText')} testId="webhooks-empty" />
      ) : (
        <EndpointTable endpoints={endpoints} onDelete={setDeleting} onShowLog={setShowingLog} />
      )}
      {creating && <CreateWebhookDialog onClose={() => setCreating(false)} />}
      {showingLog && <DeliveryLogDialog endpoint={showingLog} onClose={() => setShowingLog(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('webhooks.deleteTitle')}
          confirmLabel={t('webhooks.deleteConfirm')}
          destructive
          testId="webhook-delete-dialog"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteWebhookEndpoint(deleting.id);
            setDeleting(null);
          }}
        >
          <Text>{t('webhooks.deleteMessage', { url: deleting.url })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

function EndpointTable({ endpoints, onDelete, onShowLog }: { endpoints: TWebhookEndpoint[]; onDelete(endpoint: TWebhookEndpoint): void; onShowLog(endpoint: TWebhookEndpoint): void }) {
  const { t } = useTranslation('developers');
  const act = (action: () => Promise<unknown>) => () => void action().catch(showError);
  return (
    <Box overflowX="auto">
      <Table.Root size="md" data-testid="webhook-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('webhooks.column.url')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('webhooks.column.events')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('webhooks.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {endpoints.map((endpoint) => (
            <Table.Row key={endpoint.id} data-testid="webhook-row" data-url={endpoint.url}>
              <Table.Cell fontFamily="mono" fontSize="sm" wordBreak="break-all">
                {endpoint.url}
                {endpoint.description && (
                  <Text fontFamily="body" color="fg.muted">
                    {endpoint.description}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell fontSize="sm">{endpoint.eventTypes.join(', ')}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={endpoint.status === 'enabled' ? 'green' : 'red'} data-testid="webhook-status">
                  {t(`webhooks.status.${endpoint.status}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack justify="end" gap="1">
                  <Button size="xs" variant="ghost" onClick={() => onShowLog(endpoint)} data-testid="webhook-log">
                    {t('webhooks.log')}
                  </Button>
                  {endpoint.status === 'enabled' && (
                    <Button size="xs" variant="ghost" onClick={act(async () => { await sendWebhookTest(endpoint.id); onShowLog(endpoint); })} data-testid="webhook-test">
                      {t('webhooks.sendTest')}
                    </Button>
                  )}
                  <Button size="xs" variant="ghost" onClick={act(() => setWebhookEndpointStatus(endpoint.id, endpoint.status === 'enabled' ? 'disabled' : 'enabled'))} data-testid="webhook-toggle">
                    {endpoint.status === 'enabled' ? t('webhooks.disable') : t('webhooks.enable')}
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(endpoint)} data-testid="webhook-delete">
                    {t('webhooks.delete')}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** An endpoint's latest deliveries: when, which event, how it went (code, attempts, the answer's start), with resend. */
function DeliveryLogDialog({ endpoint, onClose }: { endpoint: TWebhookEndpoint; onClose(): void }) {
  const { t } = useTranslation('developers');
  const { dateTime } = useFormatters();
  const { deliveries, error, isLoading, refetch } = useWebhookDeliveries(endpoint.id);
  return (
    <FormDialog title={t('webhooks.logTitle', { url: endpoint.url })} submitLabel={t('webhooks.close')} submitTestId="webhook-log-close" busy={false} onSubmit={onClose} onClose={onClose} maxW="4xl" testId="webhook-log-dialog">
      {isLoading && !deliveries ? (
        <ListSkeleton rows={3} />
      ) : error && !deliveries ? (
        <ListError title={t('webhooks.logFailed')} onRetry={() => void refetch()} testId="webhook-log-error" />
      ) : !deliveries || deliveries.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('webhooks.logEmpty')} text={t('webhooks.logEmptyText')} testId="webhook-log-empty" />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="webhook-deliveries">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('webhooks.column.time')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.column.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.column.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.column.code')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.column.attempts')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.column.response')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {deliveries.map((delivery) => (
                <Table.Row key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status} data-event={delivery.eventType}>
                  <Table.Cell whiteSpace="nowrap">{dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</Table.Cell>
                  <Table.Cell fontFamily="mono">{delivery.eventType}</Table.Cell>
                  <Table.Cell>{t(`webhooks.deliveryStatus.${delivery.status}`)}</Table.Cell>
                  <Table.Cell>{delivery.statusCode ?? '—'}</Table.Cell>
                  <Table.Cell>{delivery.attempts}</Table.Cell>
                  <Table.Cell maxW="xs" truncate title={delivery.response}>
                    {delivery.response}
                  </Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" disabled={endpoint.status === 'disabled'} onClick={() => void resendWebhookDelivery(endpoint.id, delivery.id).catch(showError)} data-testid="webhook-resend">
                      {t('webhooks.resend')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </FormDialog>
  );
}
