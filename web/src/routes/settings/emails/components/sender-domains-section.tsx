/**
 * The account's sender domains: each with the DNS records to publish (Easy DKIM's CNAMEs, the
 * MAIL FROM subdomain's MX and SPF, a DMARC suggestion), SES's verdict with its reason, a check,
 * and removal.
 */
import { useState } from 'react';
import { Badge, Box, Button, Code, Flex, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isFreeMailDomain, isValidSenderDomain, normalizeSenderDomain } from '../../../../../../shared/domain/sender-identities.js';
import { addSenderDomain, checkSenderDomain, deleteSenderDomain, useSenderDomains, type TSenderDomain } from '../../../../api/sender-identities.js';
import { ConfirmDialog } from '../../../../components/confirm-dialog.js';
import { showError } from '../../../../components/error-dialog.js';
import { GlobeIcon, PlusIcon, TrashIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { useFormatters } from '../../../../format/use-formatters.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import type { SectionPermissions } from '../../use-section-permissions.js';
import { FieldDialog } from './field-dialog.js';

const PALETTE = { pending: 'yellow', verified: 'green', failed: 'red' } as const;

function domainProblem(value: string): string | null {
  const domain = normalizeSenderDomain(value);
  if (!isValidSenderDomain(domain)) return 'domains.problem.domain';
  return isFreeMailDomain(domain) ? 'errors:EA-V-011' : null;
}

export function SenderDomainsSection({ permissions }: { permissions: SectionPermissions }) {
  const { t } = useTranslation('email-settings');
  const { domains, error, isLoading, refetch } = useSenderDomains();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TSenderDomain | null>(null);

  return (
    <SettingsCard
      title={t('domains.title')}
      description={t('domains.description')}
      testId="sender-domains-section"
      action={
        permissions.canWrite && (
          <Button size="sm" onClick={() => setAdding(true)} data-testid="sender-domain-add">
            <PlusIcon boxSize="4" />
            {t('domains.add')}
          </Button>
        )
      }
    >
      {isLoading && !domains ? (
        <ListSkeleton rows={2} />
      ) : error && !domains ? (
        <ListError title={t('domains.loadFailed')} onRetry={() => void refetch()} testId="sender-domains-error" />
      ) : !domains || domains.length === 0 ? (
        <ListMessage icon={GlobeIcon} title={t('domains.empty')} text={t('domains.emptyText')} testId="sender-domains-empty" />
      ) : (
        <Stack gap="0">
          {domains.map((domain) => (
            <DomainPanel key={domain.domain} domain={domain} permissions={permissions} onDelete={() => setDeleting(domain)} />
          ))}
        </Stack>
      )}
      {adding && (
        <FieldDialog
          title={t('domains.addDialog.title')}
          label={t('domains.addDialog.label')}
          hint={t('domains.addDialog.hint')}
          submitLabel={t('domains.addDialog.submit')}
          testId="sender-domain-add-dialog"
          problemOf={domainProblem}
          onSubmit={async (domain) => {
            await addSenderDomain(domain);
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('domains.delete.title')}
          confirmLabel={t('domains.delete.confirm')}
          destructive
          testId="sender-domain-delete-dialog"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteSenderDomain(deleting.domain);
            setDeleting(null);
          }}
        >
          <Text>{t('domains.delete.message', { domain: deleting.domain })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

function DomainPanel({ domain, permissions, onDelete }: { domain: TSenderDomain; permissions: SectionPermissions; onDelete(): void }) {
  const { t } = useTranslation('email-settings');
  const { dateTime } = useFormatters();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    await checkSenderDomain(domain.domain).catch(showError);
    setChecking(false);
  };
  return (
    <Box px={{ base: '4', md: '5' }} py="4" borderBottomWidth="1px" data-testid="sender-domain" data-domain={domain.domain}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3">
          <Text fontWeight="semibold">{domain.domain}</Text>
          <Badge colorPalette={PALETTE[domain.status]} data-testid="sender-domain-status" data-status={domain.status}>
            {t(`domains.status.${domain.status}`)}
          </Badge>
        </HStack>
        <HStack gap="1">
          {permissions.canWrite && (
            <Button size="xs" variant="outline" loading={checking} onClick={() => void check()} data-testid="sender-domain-check">
              {t('domains.check')}
            </Button>
          )}
          {permissions.canDelete && (
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('domains.delete.label', { domain: domain.domain })} onClick={onDelete} data-testid="sender-domain-delete">
              <TrashIcon boxSize="4" />
            </IconButton>
          )}
        </HStack>
      </Flex>
      <Text mt="1" fontSize="sm" color={domain.status === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="sender-domain-detail">
        {domain.reason ? t(`domains.reason.${domain.reason}`) : t(`domains.detail.${domain.status}`, { domain: domain.domain })}
        {domain.lastCheckTime ? ` ${t('domains.lastCheck', { time: dateTime(domain.lastCheckTime) })}` : ''}
      </Text>
      <Text mt="1" fontSize="sm" color="fg.muted" data-testid="sender-domain-alignment">
        {t('domains.alignment', { dkimDomain: domain.dkimDomain })}
      </Text>
      <Box overflowX="auto" mt="3">
        <Table.Root size="sm" data-testid="sender-domain-records">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('domains.column.purpose')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('domains.column.type')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('domains.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('domains.column.value')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {domain.records.map((record) => (
              <Table.Row key={`${record.type}:${record.name}`} data-testid="sender-domain-record" data-purpose={record.purpose}>
                <Table.Cell fontSize="sm">{t(`domains.purpose.${record.purpose}`)}</Table.Cell>
                <Table.Cell fontSize="sm">{record.type}</Table.Cell>
                <Table.Cell>
                  <Code fontSize="xs" wordBreak="break-all">
                    {record.name}
                  </Code>
                </Table.Cell>
                <Table.Cell>
                  <Code fontSize="xs" wordBreak="break-all">
                    {record.value}
                  </Code>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
