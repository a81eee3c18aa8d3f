/**
 * Campaigns as a table: the name (opens the wizard for a draft, the report otherwise), status,
 * tags, recipients and sent, when it is or was sent, and each row's menu of what the user may do
 * now (refusalOf decides, as the API does).
 */
import { Badge, Box, HStack, Link, Menu, Table, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { type CampaignAction, refusalOf } from '../../../../shared/domain/campaign-states.js';
import type { TCampaignSummary } from '../../api/campaigns.js';
import { LockIcon, TrashIcon } from '../icons.js';
import { DangerMenuItem, RowMenu } from '../row-menu.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useAreaKey } from './campaign-family.js';
import { openPathOf } from '../../paths/campaigns.js';
import type { CampaignPermissions } from './use-campaign-permissions.js';
import { CampaignStatusBadge } from './campaign-status.js';

/** What the row menu can ask the list to do. */
export type RowRequest = 'rename' | 'replicate' | 'tags' | 'delete' | 'stop' | Extract<CampaignAction, 'pause' | 'resume' | 'cancel' | 'recover' | 'deactivateRecurring'>;

/** The state changes a row offers, when allowed now; stop asks first (the list's dialog). */
const ROW_ACTIONS = ['pause', 'resume', 'stop', 'cancel', 'deactivateRecurring', 'recover'] as const;

type Props = { campaigns: readonly TCampaignSummary[]; permissions: CampaignPermissions; onRequest(request: RowRequest, campaign: TCampaignSummary): void };

export function CampaignTable({ campaigns, permissions, onRequest }: Props) {
  const { t } = useTranslation('campaigns');
  const areaKey = useAreaKey();
  return (
    <Box overflowX="auto">
      <Table.Root size="md" aria-label={t(areaKey('list.tableLabel'))} data-testid="campaign-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t('list.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('list.column.recipients')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('list.column.when')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('list.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {campaigns.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} permissions={permissions} onRequest={onRequest} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function CampaignRow({ campaign, permissions, onRequest }: Omit<Props, 'campaigns'> & { campaign: TCampaignSummary }) {
  const { t } = useTranslation('campaigns');
  const { dateTime, number } = useFormatters();
  const when = campaign.startTime ?? campaign.scheduleTime;
  return (
    <Table.Row data-testid="campaign-row" data-campaign-id={campaign.id}>
      <Table.Cell maxW="sm">
        <HStack gap="2" minW="0">
          <Link asChild fontWeight="medium" truncate>
            <RouterLink to={openPathOf(campaign)} data-testid="campaign-name">
              {campaign.name}
            </RouterLink>
          </Link>
          {/* The SMS area lists two kinds: each row says which. */}
          {campaign.type !== 'Email' && campaign.type !== 'base_email' && (
            <Badge size="sm" variant="outline" flexShrink="0" data-testid="campaign-type">
              {t(`create.type.${campaign.type === 'MMS' ? 'MMS' : 'SMS'}`)}
            </Badge>
          )}
          {campaign.lock && (
            <Badge size="sm" variant="surface" colorPalette="orange" flexShrink="0" data-testid="campaign-lock">
              <LockIcon boxSize="3" />
              {t('list.editing', { name: campaign.lock.name })}
            </Badge>
          )}
        </HStack>
        {(campaign.subject || campaign.tags.length > 0) && (
          <Wrap gap="1.5" mt="1" align="center">
            {campaign.subject && (
              <Text fontSize="xs" color="fg.muted" truncate maxW="xs">
                {campaign.subject}
              </Text>
            )}
            {campaign.tags.map((tag) => (
              <Badge key={tag} size="xs" variant="outline" data-testid="campaign-tag">
                {tag}
              </Badge>
            ))}
          </Wrap>
        )}
      </Table.Cell>
      <Table.Cell>
        <CampaignStatusBadge status={campaign.status} approval={campaign.approval} />
      </Table.Cell>
      <Table.Cell textAlign="end" fontSize="sm" whiteSpace="nowrap" data-testid="campaign-counts">
        {campaign.status === 'draft' ? '—' : t('list.sentOf', { sent: number(campaign.sent), recipients: number(campaign.recipients) })}
      </Table.Cell>
      <Table.Cell fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        {when ? dateTime(when) : t('list.edited', { time: dateTime(campaign.lastModifiedTime) })}
        {campaign.recurring && <Text fontSize="xs">{t(`recurring.frequency.${campaign.recurring.frequency}`)}</Text>}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <CampaignRowMenu campaign={campaign} permissions={permissions} onRequest={onRequest} />
      </Table.Cell>
    </Table.Row>
  );
}

function CampaignRowMenu({ campaign, permissions, onRequest }: Omit<Props, 'campaigns'> & { campaign: TCampaignSummary }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const state = { status: campaign.status, approval: campaign.approval, recurring: campaign.recurring !== null };
  const actions = permissions.canExecute ? ROW_ACTIONS.filter((action) => refusalOf(action, state) === null) : [];
  const item = (request: RowRequest, label: string) => (
    <Menu.Item key={request} value={request} onClick={() => onRequest(request, campaign)} data-testid={`campaign-${request}`}>
      {label}
    </Menu.Item>
  );
  return (
    <RowMenu label={t('list.rowActions', { name: campaign.name })} testId="campaign-actions" minW="44">
      <Menu.Item value="open" onClick={() => navigate(openPathOf(campaign))} data-testid="campaign-open">
        {t(campaign.status === 'draft' ? 'action.edit' : 'action.report')}
      </Menu.Item>
      {actions.map((action) => item(action, t(`action.${action}`)))}
      {permissions.canWrite && [item('rename', t('action.rename')), item('replicate', t('action.replicate')), item('tags', t('action.tags'))]}
      {permissions.canDelete && (
        <DangerMenuItem value="delete" icon={<TrashIcon boxSize="4" />} onClick={() => onRequest('delete', campaign)} testId="campaign-delete">
          {t('action.delete')}
        </DangerMenuItem>
      )}
    </RowMenu>
  );
}
