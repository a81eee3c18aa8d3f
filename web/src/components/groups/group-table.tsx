/**
 * The groups as a table: name (system lists marked and locked), type, members, last change, and
 * the actions the user may take. Auto-update groups are counted on demand: their count is a search.
 */
import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Link, Spinner, Table, Text, Tooltip, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useGroupCount, type TGroup } from '../../api/groups.js';
import { LockIcon, PencilIcon, TrashIcon } from '../icons.js';
import { useFormatters } from '../../format/use-formatters.js';
import { groupPaths } from '../../paths/groups.js';
import { GroupTypeIcon } from './group-type.js';

type Props = {
  groups: readonly TGroup[];
  canWrite: boolean;
  canDelete: boolean;
  onDelete(group: TGroup): void;
};

export function GroupTable({ groups, canWrite, canDelete, onDelete }: Props) {
  const { t } = useTranslation('groups');
  return (
    <Box overflowX="auto">
      <Table.Root size="md" aria-label={t('list.tableLabel')} data-testid="group-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t('list.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.column.type')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('list.column.contacts')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('list.column.updated')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('list.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {groups.map((group) => (
            <GroupRow key={group.id} group={group} canWrite={canWrite} canDelete={canDelete} onDelete={onDelete} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function GroupRow({ group, canWrite, canDelete, onDelete }: { group: TGroup } & Omit<Props, 'groups'>) {
  const { t } = useTranslation('groups');
  const { date } = useFormatters();
  return (
    <Table.Row data-testid="group-row" data-group-id={group.id} data-system={!group.editable || undefined}>
      <Table.Cell maxW="md">
        <HStack gap="2.5">
          <GroupTypeIcon type={group.type} />
          <Link asChild fontWeight="medium" truncate>
            <RouterLink to={groupPaths.details(group.id)} data-testid="group-name">
              {group.name}
            </RouterLink>
          </Link>
          {!group.editable && (
            <Badge size="sm" variant="surface" colorPalette="gray" flexShrink="0" data-testid="system-badge">
              {t('system')}
            </Badge>
          )}
        </HStack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="sm" color="fg.muted">
        {t(`type.${group.type}`)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="group-count">
        <MemberCount group={group} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="sm" color="fg.muted">
        {date(group.updateTime)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {group.editable ? (
          <HStack gap="0" justify="flex-end">
            {canWrite && (
              <IconButton asChild size="sm" variant="ghost" colorPalette="gray" aria-label={t('list.edit', { name: group.name })}>
                <RouterLink to={groupPaths.modify(group.id)}>
                  <PencilIcon boxSize="4" />
                </RouterLink>
              </IconButton>
            )}
            {canDelete && (
              <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('list.delete', { name: group.name })} onClick={() => onDelete(group)}>
                <TrashIcon boxSize="4" />
              </IconButton>
            )}
          </HStack>
        ) : (
          <SystemLock />
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** System lists are kept by the platform: no edit, no delete. */
function SystemLock() {
  const { t } = useTranslation('groups');
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <Box as="span" role="img" display="inline-flex" p="2" color="fg.subtle" tabIndex={0} aria-label={t('systemLocked')} data-testid="system-lock">
          <LockIcon boxSize="4" />
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{t('systemLocked')}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** A snapshot's stored count, or for an auto-update group a Count action that runs its conditions now. */
function MemberCount({ group }: { group: TGroup }) {
  const { t } = useTranslation('groups');
  const { number } = useFormatters();
  const [asked, setAsked] = useState(false);
  const { count, error, refetch } = useGroupCount(asked ? group.id : null);

  if (group.count !== null && !asked) return <Text as="span">{number(group.count)}</Text>;
  if (!asked || error) {
    return (
      <Button
        size="xs"
        variant="ghost"
        onClick={() => (asked ? void refetch() : setAsked(true))}
        title={t('list.countHint')}
        aria-label={t('list.countFor', { name: group.name })}
        data-testid="group-count-button"
      >
        {t(error ? 'list.countRetry' : 'list.count')}
      </Button>
    );
  }
  if (count === undefined) return <Spinner size="xs" color="fg.muted" />;
  return <Text as="span">{number(count)}</Text>;
}
