/**
 * "Preview with a contact": the saved-as-sent HTML filled in with one contact's details, by the
 * same compiled renderer the send worker uses. The email shows in a sandboxed frame with no
 * permissions at all, so nothing in a template (a script, a form) can run or reach the app.
 */
import { useMemo, useState } from 'react';
import { Box, Button, CloseButton, Dialog, Flex, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { compileTemplate, parseTemplateTags } from '../../../../shared/domain/personalization.js';
import { useContactSearch, useFieldSchemas, type TContact } from '../../api/contacts.js';
import { SearchInput } from '../search-input.js';
import { useBufferedSearch } from '../use-search-buffer.js';

/** Contacts the picker lists at once: enough to choose from, a search narrows the rest. */
const PICKER_SIZE = 8;

type Props = {
  html: string;
  /** The contact chosen last time, shown again; the page keeps it for "Send test". */
  contact?: TContact | null;
  onContactChange?(contact: TContact): void;
  onClose(): void;
};

export function ContactPreviewDialog({ html, contact: chosen = null, onContactChange, onClose }: Props) {
  const { t } = useTranslation('template-editor');
  const search = useBufferedSearch();
  const { page, isLoading } = useContactSearch({ quickSearch: search.applied || undefined, limit: PICKER_SIZE });
  const { schemas } = useFieldSchemas();
  const [contact, setContact] = useState<TContact | null>(chosen);

  const rendered = useMemo(() => {
    if (!contact || !schemas) return null;
    // A tag the renderer cannot fill (mistyped, unclosed) is named rather than previewed.
    const [problem] = parseTemplateTags(html).problems;
    if (problem) return { email: null, problem: problem.text };
    // Links have no recipient yet: '#' keeps them links without pointing anywhere.
    const email = compileTemplate(html, { fields: schemas, escape: 'html' }).render({ contact, unsubscribeUrl: '#', onlineVersionUrl: '#' });
    return { email, problem: null };
  }, [contact, schemas, html]);

  const contactLabel = (item: TContact) => item.email ?? item.mobile ?? t('preview.noEmail');

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="cover" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="contact-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('preview.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('preview.close')} />
            </Dialog.CloseTrigger>
            <Dialog.Body display="flex" minH="0">
              <Flex gap="4" flex="1" minH="0" direction={{ base: 'column', md: 'row' }}>
                <Stack gap="3" w={{ base: 'full', md: '72' }} flexShrink="0">
                  <SearchInput search={search} label={t('preview.search')} size="sm" data-testid="contact-preview-search" />
                  {isLoading && !page ? (
                    <Spinner size="sm" alignSelf="center" />
                  ) : page?.data.length ? (
                    <Stack gap="1" as="ul" listStyleType="none" overflowY="auto">
                      {page.data.map((item) => (
                        <li key={item.id}>
                          <Button
                            variant={contact?.id === item.id ? 'subtle' : 'ghost'}
                            size="sm"
                            w="full"
                            justifyContent="flex-start"
                            aria-pressed={contact?.id === item.id}
                            onClick={() => {
                              setContact(item);
                              onContactChange?.(item);
                            }}
                            data-testid="contact-preview-option"
                          >
                            <Text truncate>{contactLabel(item)}</Text>
                          </Button>
                        </li>
                      ))}
                    </Stack>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t('preview.empty')}
                    </Text>
                  )}
                </Stack>
                <Box flex="1" minH="96" borderWidth="1px" rounded="md" overflow="hidden" bg="white">
                  {rendered?.email ? (
                    <iframe
                      sandbox=""
                      srcDoc={rendered.email}
                      title={t('preview.frame', { contact: contact ? contactLabel(contact) : '' })}
                      style={{ width: '100%', height: '100%', border: 0 }}
                      data-testid="contact-preview-frame"
                    />
                  ) : (
                    <Flex h="full" align="center" justify="center" p="6" color="fg.muted" textAlign="center">
                      {rendered?.problem ? t('preview.tagProblem', { tag: rendered.problem }) : t('preview.choose')}
                    </Flex>
                  )}
                </Box>
              </Flex>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
