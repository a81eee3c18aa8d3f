/**
 * Contacts as a compact table (advanced search results, group members, the member picker): email,
 * mobile and the day added, and an optional selection column for the rows on the page.
 */
import { Box, Checkbox, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMobile } from '../../../shared/domain/phone.js';
import type { TContact } from '../../../shared/schemas/contacts.js';
import { useFormatters } from '../format/use-formatters.js';
import { contactPaths } from '../routes/contacts/paths.js';

export type RowSelection = { selected: ReadonlySet<string>; onChange(selected: Set<string>): void };

type Props = {
  contacts: readonly TContact[];
  /** Names the table for assistive technology. */
  label: string;
  /** Emails link to the contact's profile (needs read access to contacts). */
  linkToProfile: boolean;
  selection?: RowSelection;
  testId?: string;
};

export function ContactTable({ contacts, label, linkToProfile, selection, testId = 'contact-table' }: Props) {
  const { t } = useTranslation('search');
  const { date } = useFormatters();
  const onPage = contacts.map((contact) => contact.id);
  const selectedOnPage = selection ? onPage.filter((id) => selection.selected.has(id)).length : 0;

  const toggle = (ids: readonly string[], checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={label} data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10">
                <Checkbox.Root
                  size="sm"
                  checked={selectedOnPage === 0 ? false : selectedOnPage === onPage.length ? true : 'indeterminate'}
                  onCheckedChange={(details) => toggle(onPage, details.checked === true)}
                >
                  <Checkbox.HiddenInput aria-label={t('table.selectPage')} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>{t('table.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.mobile')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('table.added')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {contacts.map((contact) => {
            const mobile = contact.mobile === null ? null : formatMobile(contact.mobile);
            const name = contact.email ?? mobile ?? contact.id;
            const profile = linkToProfile ? contactPaths.profile(contact.id) : null;
            return (
              <Table.Row key={contact.id} data-testid="contact-row" data-selected={selection?.selected.has(contact.id) || undefined}>
                {selection && (
                  <Table.Cell>
                    <Checkbox.Root size="sm" checked={selection.selected.has(contact.id)} onCheckedChange={(details) => toggle([contact.id], details.checked === true)}>
                      <Checkbox.HiddenInput aria-label={t('table.select', { name })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                <Table.Cell maxW="xs" truncate>
                  <Address value={contact.email} to={profile} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {/* A contact without email is opened from its mobile number. */}
                  <Address value={mobile} to={contact.email === null ? profile : null} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" color="fg.muted">
                  {date(contact.createTime)}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Address({ value, to }: { value: string | null; to: string | null }) {
  if (value === null) {
    return (
      <Text as="span" color="fg.subtle">
        —
      </Text>
    );
  }
  if (!to) return value;
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={to}>{value}</RouterLink>
    </Link>
  );
}
