/**
 * Contacts as a table, wherever contacts are listed: the contact list (chosen columns, headers that
 * sort on the server, each address with its channel's state, a menu per row), and group members,
 * search results and the member picker (addresses and when each contact was added). Any of them
 * may offer a selection box per row and one for the page.
 */
import type { ReactNode } from 'react';
import { Box, Button, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMobile } from '../../../../shared/domain/phone.js';
import type { TContactSort } from '../../../../shared/schemas/contact-search.js';
import type { TContact, TFieldSchema } from '../../../../shared/schemas/contacts.js';
import { useFormatters } from '../../format/use-formatters.js';
import { ChannelStatus } from './channel-status.js';
import { fieldIdOf, type ColumnId } from './contact-columns.js';
import { contactAddress, formatFieldValue } from './field-values.js';
import { contactPaths } from '../../paths/contacts.js';
import { SortIcon } from '../icons.js';
import { SelectCheckbox } from '../select-checkbox.js';

export type RowSelection = { selected: ReadonlySet<string>; onChange(selected: Set<string>): void };

/** The columns of a list that shows contacts without choosing them: addresses and when each was added. */
export const SUMMARY_COLUMNS: readonly ColumnId[] = ['email', 'mobile', 'createTime'];

type Props = {
  contacts: readonly TContact[];
  columns?: readonly ColumnId[];
  /** The account's custom fields, for their columns. */
  fields?: ReadonlyMap<string, TFieldSchema>;
  /** Headers that sort the list on the server. */
  sorting?: { sort: TContactSort; onSort(column: ColumnId): void };
  selection?: RowSelection;
  /** Addresses open the contact's profile (needs read access to contacts). */
  linkToProfile: boolean;
  /** Each address with its subscription or bounce badge. */
  withChannelStatus?: boolean;
  /** The last cell of each row: what can be done with the contact. */
  rowActions?(contact: TContact): ReactNode;
  /** Names the table for assistive technology. */
  label?: string;
  /** The rows are the previous page's while the next one loads. */
  busy?: boolean;
  testId?: string;
};

export function ContactTable({ contacts, columns = SUMMARY_COLUMNS, fields, sorting, selection, linkToProfile, withChannelStatus, rowActions, label, busy = false, testId = 'contact-table' }: Props) {
  const { t } = useTranslation('contacts');
  const onPage = contacts.map((contact) => contact.id);
  const selectedOnPage = selection ? onPage.filter((id) => selection.selected.has(id)).length : 0;
  const columnLabel = (column: ColumnId) => {
    const fieldId = fieldIdOf(column);
    return fieldId ? (fields?.get(fieldId)?.name ?? '') : t(`column.${column}`);
  };

  // Selections may span pages (the member picker): the page's box adds or removes this page's rows only.
  const select = (ids: readonly string[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  return (
    <Box overflowX="auto" opacity={busy ? 0.6 : 1} transition="opacity 0.15s" aria-busy={busy}>
      <Table.Root size="sm" interactive aria-label={label} data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10">
                <SelectCheckbox
                  checked={selectedOnPage === 0 ? false : selectedOnPage === onPage.length ? true : 'indeterminate'}
                  onChange={(on) => select(onPage, on)}
                  label={t('list.selectPage')}
                  testId="select-page"
                />
              </Table.ColumnHeader>
            )}
            {columns.map((column) =>
              sorting ? (
                <SortableHeader key={column} column={column} {...sorting}>
                  {columnLabel(column)}
                </SortableHeader>
              ) : (
                <Table.ColumnHeader key={column} whiteSpace="nowrap" data-testid={`column-${column}`}>
                  {columnLabel(column)}
                </Table.ColumnHeader>
              ),
            )}
            {rowActions && (
              <Table.ColumnHeader w="12">
                <Box as="span" srOnly>
                  {t('list.actions')}
                </Box>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {contacts.map((contact) => (
            <Table.Row key={contact.id} data-testid="contact-row" data-id={contact.id} data-selected={selection?.selected.has(contact.id) || undefined}>
              {selection && (
                <Table.Cell>
                  <SelectCheckbox
                    checked={selection.selected.has(contact.id)}
                    onChange={(on) => select([contact.id], on)}
                    label={t('list.selectContact', { contact: contactAddress(contact) ?? contact.id })}
                    testId="select-contact"
                  />
                </Table.Cell>
              )}
              {columns.map((column) => (
                <Table.Cell key={column} data-column={column}>
                  <ContactCell contact={contact} column={column} fields={fields} linkToProfile={linkToProfile} withChannelStatus={withChannelStatus} />
                </Table.Cell>
              ))}
              {rowActions && <Table.Cell textAlign="end">{rowActions(contact)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

type CellProps = Pick<Props, 'fields' | 'linkToProfile' | 'withChannelStatus'> & { contact: TContact; column: ColumnId };

function ContactCell({ contact, column, fields, linkToProfile, withChannelStatus }: CellProps) {
  const { dateTime, locale } = useFormatters();
  const profile = linkToProfile ? contactPaths.profile(contact.id) : null;
  switch (column) {
    case 'email':
      if (!contact.email) return <Empty />;
      return (
        <Address to={profile} address={contact.email}>
          {withChannelStatus && <ChannelStatus subscribe={contact.emailSubscribe} bounce={contact.emailBounce} />}
        </Address>
      );
    case 'mobile':
      if (!contact.mobile) return <Empty />;
      return (
        <Address to={profile} address={formatMobile(contact.mobile)}>
          {withChannelStatus && <ChannelStatus subscribe={contact.smsSubscribe} bounce={contact.smsBounce} />}
        </Address>
      );
    case 'createTime':
    case 'updateTime':
      return (
        <Text as="span" whiteSpace="nowrap" color="fg.muted">
          {dateTime(contact[column])}
        </Text>
      );
    default: {
      const field = fields?.get(fieldIdOf(column) ?? '');
      const text = field ? formatFieldValue(field, contact.fields[field.id], locale) : '';
      if (!text) return <Empty />;
      return (
        <Text as="span" lineClamp="1" maxW="64" title={text}>
          {text}
        </Text>
      );
    }
  }
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


function Address({ to, address, children }: { to: string | null; address: string; children?: ReactNode }) {
  return (
    <Box display="flex" alignItems="center" gap="2" whiteSpace="nowrap">
      {to ? (
        <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
          <RouterLink to={to}>{address}</RouterLink>
        </Link>
      ) : (
        <Text as="span">{address}</Text>
      )}
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
