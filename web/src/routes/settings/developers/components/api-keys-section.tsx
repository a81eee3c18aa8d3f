/** The account's API keys: name, the end of the key, scopes, when made and last used; make one, revoke one. */
import { useState } from 'react';
import { Box, Button, IconButton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FLAGS, SECTIONS, type TPermissions } from '../../../../../../shared/domain/permissions.js';
import { revokeApiKey, useApiKeys, type TApiKey } from '../../../../api/developers.js';
import { ConfirmDialog } from '../../../../components/confirm-dialog.js';
import { InboxIcon, PlusIcon, TrashIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { useFormatters } from '../../../../format/use-formatters.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import { CreateApiKeyDialog } from './create-api-key-dialog.js';

export function ApiKeysSection() {
  const { t } = useTranslation('developers');
  const { apiKeys, error, isLoading, refetch } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  return (
    <SettingsCard
      title={t('keys.title')}
      description={t('keys.description')}
      testId="api-keys-section"
      action={
        <Button size="sm" onClick={() => setCreating(true)} data-testid="api-key-create">
          <PlusIcon boxSize="4" />
          {t('keys.create')}
        </Button>
      }
    >
      {isLoading && !apiKeys ? (
        <ListSkeleton rows={2} />
      ) : error && !apiKeys ? (
        <ListError title={t('keys.loadFailed')} onRetry={() => void refetch()} testId="api-keys-error" />
      ) : !apiKeys || apiKeys.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('keys.empty')} text={t('keys.emptyText')} testId="api-keys-empty" />
      ) : (
        <ApiKeyTable apiKeys={apiKeys} onRevoke={setRevoking} />
      )}
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
      {revoking && (
        <ConfirmDialog
          title={t('revoke.title')}
          confirmLabel={t('revoke.confirm')}
          destructive
          testId="api-key-revoke-dialog"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeApiKey(revoking.id);
            setRevoking(null);
          }}
        >
          <Text>{t('revoke.message', { name: revoking.name })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

/** "contact: read, write · email: read" in the user's language. */
function useScopeSummary() {
  const { t } = useTranslation('developers');
  return (scopes: TPermissions) =>
    SECTIONS.filter((section) => FLAGS.some((flag) => scopes[section][flag]))
      .map((section) => `${t(`section.${section}`)}: ${FLAGS.filter((flag) => scopes[section][flag]).map((flag) => t(`flag.${flag}`)).join(', ')}`)
      .join(' · ');
}

function ApiKeyTable({ apiKeys, onRevoke }: { apiKeys: TApiKey[]; onRevoke(apiKey: TApiKey): void }) {
  const { t } = useTranslation('developers');
  const { dateTime } = useFormatters();
  const summary = useScopeSummary();
  return (
    <Box overflowX="auto">
      <Table.Root size="md" data-testid="api-key-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.key')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.scopes')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('column.created')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('column.lastUsed')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {apiKeys.map((apiKey) => (
            <Table.Row key={apiKey.id} data-testid="api-key-row" data-name={apiKey.name}>
              <Table.Cell fontWeight="medium">{apiKey.name}</Table.Cell>
              <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                …{apiKey.lastFour}
              </Table.Cell>
              <Table.Cell fontSize="sm" maxW="xs">
                {summary(apiKey.scopes)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm">
                {dateTime(apiKey.createdAt)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm" data-testid="api-key-last-used">
                {apiKey.lastUsedAt ? dateTime(apiKey.lastUsedAt) : t('keys.neverUsed')}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('revoke.label', { name: apiKey.name })} onClick={() => onRevoke(apiKey)} data-testid="api-key-revoke">
                  <TrashIcon boxSize="4" />
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
