/** "Preview with a contact": finds a contact by email (or mobile) and hands it to the preview. */
import { useState } from 'react';
import { Button, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useContactSearch, type TContact } from '../../api/contacts.js';
import { ContactsIcon } from '../icons.js';
import { SearchInput } from '../search-input.js';
import { useBufferedSearch } from '../use-search-buffer.js';

/** Enough to pick from; a more precise address narrows it. */
const RESULTS = 8;

type Props = { contact: TContact | null; onChange(contact: TContact | null): void };

export function PreviewContactPicker({ contact, onChange }: Props) {
  const { t } = useTranslation('templates');
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="sm" variant={contact ? 'subtle' : 'outline'} maxW="64" data-testid="preview-contact">
          <ContactsIcon boxSize="4" />
          <Text as="span" truncate>
            {contact ? (contact.email ?? contact.mobile ?? contact.id) : t('code.previewWithContact')}
          </Text>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="80">
            <Popover.Body p="3">
              <ContactResults
                onPick={(picked) => {
                  onChange(picked);
                  setOpen(false);
                }}
              />
              {contact && (
                <Button size="xs" variant="ghost" colorPalette="gray" mt="2" onClick={() => {
                    onChange(null);
                    setOpen(false);
                  }}>
                  {t('code.previewWithoutContact')}
                </Button>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** Mounted only while the picker is open, so nothing is searched before the user asks. */
function ContactResults({ onPick }: { onPick(contact: TContact): void }) {
  const { t } = useTranslation('templates');
  const search = useBufferedSearch();
  const { page, error, isValidating } = useContactSearch({ quickSearch: search.applied || undefined, limit: RESULTS });
  return (
    <Stack gap="2">
      <SearchInput size="sm" search={search} label={t('code.findContact')} autoFocus data-testid="preview-contact-search" />
      {!page ? (
        error ? <Text fontSize="sm" color="fg.error">{t('code.contactsFailed')}</Text> : <Spinner size="sm" color="fg.muted" />
      ) : page.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('code.noContacts')}
        </Text>
      ) : (
        <Stack gap="0.5" opacity={isValidating ? 0.6 : 1}>
          {page.data.map((contact) => (
            <Button key={contact.id} size="sm" variant="ghost" justifyContent="flex-start" fontWeight="normal" onClick={() => onPick(contact)} data-testid="preview-contact-option">
              <Text as="span" truncate>
                {contact.email ?? contact.mobile ?? contact.id}
              </Text>
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
