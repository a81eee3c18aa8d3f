/**
 * One page of contacts as a table: chosen columns, headers that sort on the server, a selection
 * box per row, each address with its channel's state, and a row menu (view, edit, delete).
 */
import type { ReactNode } from 'react';
import { Box, Button, IconButton, Link, Menu, Portal, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatMobile } from '../../../../../shared/domain/phone.js';
import type { TContactSort } from '../../../../../shared/schemas/contact-search.js';
import type { TContact, TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import { PencilIcon, TrashIcon } from '../../../announcements/announcement-icons.js';
import { ContactsIcon } from '../../../components/icons.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { fieldIdOf, type ColumnId } from '../contact-columns.js';
import { contactAddress, formatFieldValue } from '../field-values.js';
import { contactPaths } from '../paths.js';
import type { ContactPermissions } from '../use-contact-permissions.js';
import { ChannelStatus } from './channel-status.js';
import { MoreIcon, SortIcon } from './contact-icons.js';
import { SelectCheckbox } from './select-checkbox.js';

type Props = {
  rows: TContact[];
  columns: ColumnId[];
  fields: ReadonlyMap<string, TFieldSchema>;
  sort: TContactSort;
  onSort(column: ColumnId): void;
  /** Null when the user may take no action on several contacts at once. */
  selection: { selected: ReadonlySet<string>; toggle(id: string, on: boolean): void; toggleAll(on: boolean): void } | null;
  permissions: ContactPermissions;
  onDelete(contact: TContact): void;
  isLoading: boolean;
};

export function ContactTable({ rows, columns, fields, sort, onSort, selection, permissions, onDelete, isLoading }: Props) {
  const { t } = useTranslation('contacts');
  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  const columnLabel = (column: ColumnId) => {
    const fieldId = fieldIdOf(column);
    return fieldId ? (fields.get(fieldId)?.name ?? '') : t(`column.${column}`);
  };

  return (
    <Box overflowX="auto" opacity={isLoading ? 0.6 : 1} transition="opacity 0.15s" aria-busy={isLoading}>
      <Table.Root size="sm" interactive data-testid="contact-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10">
                <SelectCheckbox
                  checked={selectedOnPage === 0 ? false : selectedOnPage === rows.length ? true : 'indeterminate'}
                  onChange={selection.toggleAll}
                  label={t('list.selectPage')}
                  testId="select-page"
                />
              </Table.ColumnHeader>
            )}
            {columns.map((column) => (
              <SortableHeader key={column} column={column} sort={sort} onSort={onSort}>
                {columnLabel(column)}
              </SortableHeader>
            ))}
            <Table.ColumnHeader w="12">
              <Box as="span" srOnly>
                {t('list.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((contact) => (
            <ContactRow
              key={contact.id}
              contact={contact}
              columns={columns}
              fields={fields}
              selection={selection}
              permissions={permissions}
              onDelete={onDelete}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function SortableHeader({ column, sort, onSort, children }: { column: ColumnId; sort: TContactSort; onSort(column: ColumnId): void; children: ReactNode }) {
  const direction = sort.field === column ? sort.direction : null;
  return (
    <Table.ColumnHeader
      whiteSpace="nowrap"
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      data-testid={`column-${column}`}
    >
      <Button variant="plain" size="xs" px="0" h="auto" minW="0" fontWeight="semibold" color={direction ? 'fg' : 'fg.muted'} onClick={() => onSort(column)}>
        {children}
        <SortIcon sorted={direction} boxSize="3.5" opacity={direction ? 1 : 0.4} />
      </Button>
    </Table.ColumnHeader>
  );
}

type RowProps = Pick<Props, 'columns' | 'fields' | 'selection' | 'permissions' | 'onDelete'> & { contact: TContact };

function ContactRow({ contact, columns, fields, selection, permissions, onDelete }: RowProps) {
  const { t } = useTranslation('contacts');
  const { dateTime, locale } = useFormatters();
  const navigate = useNavigate();
  const profile = contactPaths.profile(contact.id);
  const label = contactAddress(contact) ?? contact.id;

  const cell = (column: ColumnId): ReactNode => {
    switch (column) {
      case 'email':
        return contact.email ? (
          <AddressCell to={profile} address={contact.email}>
            <ChannelStatus subscribe={contact.emailSubscribe} bounce={contact.emailBounce} />
          </AddressCell>
        ) : (
          <Empty />
        );
      case 'mobile':
        return contact.mobile ? (
          <AddressCell to={profile} address={formatMobile(contact.mobile)}>
            <ChannelStatus subscribe={contact.smsSubscribe} bounce={contact.smsBounce} />
          </AddressCell>
        ) : (
          <Empty />
        );
      case 'createTime':
      case 'updateTime':
        return (
          <Text as="span" whiteSpace="nowrap" color="fg.muted">
            {dateTime(contact[column])}
          </Text>
        );
      default: {
        const field = fields.get(fieldIdOf(column) ?? '');
        const text = field ? formatFieldValue(field, contact.fields[field.id], locale) : '';
        return text ? (
          <Text as="span" lineClamp="1" maxW="64" title={text}>
            {text}
          </Text>
        ) : (
          <Empty />
        );
      }
    }
  };

  return (
    <Table.Row data-testid="contact-row" data-id={contact.id} data-selected={selection?.selected.has(contact.id) || undefined}>
      {selection && (
        <Table.Cell>
          <SelectCheckbox
            checked={selection.selected.has(contact.id)}
            onChange={(on) => selection.toggle(contact.id, on)}
            label={t('list.selectContact', { contact: label })}
            testId="select-contact"
          />
        </Table.Cell>
      )}
      {columns.map((column) => (
        <Table.Cell key={column} data-column={column}>
          {cell(column)}
        </Table.Cell>
      ))}
      <Table.Cell textAlign="end">
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('list.rowActions', { contact: label })} data-testid="contact-actions">
              <MoreIcon boxSize="4" />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="40">
                <Menu.Item value="view" onClick={() => navigate(profile)}>
                  <ContactsIcon boxSize="4" />
                  {t('action.viewProfile')}
                </Menu.Item>
                {permissions.canWrite && (
                  <Menu.Item value="edit" onClick={() => navigate(contactPaths.edit(contact.id))}>
                    <PencilIcon boxSize="4" />
                    {t('action.edit')}
                  </Menu.Item>
                )}
                {permissions.canDelete && (
                  <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} onClick={() => onDelete(contact)}>
                    <TrashIcon boxSize="4" />
                    {t('action.delete')}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Table.Cell>
    </Table.Row>
  );
}

function AddressCell({ to, address, children }: { to: string; address: string; children: ReactNode }) {
  return (
    <Box display="flex" alignItems="center" gap="2" whiteSpace="nowrap">
      <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
        <RouterLink to={to}>{address}</RouterLink>
      </Link>
      {children}
    </Box>
  );
}

function Empty() {
  return (
    <Text as="span" color="fg.subtle">
      —
    </Text>
  );
}
