/** The contact-us dialog (spec §2.5): support email and phone, and support hours. */
import { Box, Button, Dialog, Flex, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_HOURS } from '../../../shared/constants.js';
import { useAppConfig } from '../api/config.js';
import { EmailIcon, PhoneIcon } from '../components/icons.js';

export function ContactUsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const config = useAppConfig();

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px" data-testid="contact-us-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('contact.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('contact.intro')}</Text>
                {config?.supportEmail && (
                  <Flex align="center" gap="3">
                    <EmailIcon boxSize="5" color="brand.fg" />
                    <Link href={`mailto:${config.supportEmail}`} color="brand.fg" fontWeight="medium">
                      {config.supportEmail}
                    </Link>
                  </Flex>
                )}
                {config?.supportPhone && (
                  <Flex align="center" gap="3">
                    <PhoneIcon boxSize="5" color="brand.fg" />
                    <Link href={`tel:${config.supportPhone.replace(/\s+/g, '')}`} color="brand.fg" fontWeight="medium">
                      {config.supportPhone}
                    </Link>
                  </Flex>
                )}
                <Box bg="bg.muted" rounded="lg" p="4">
                  <Text fontWeight="semibold" mb="2">
                    {t('contact.hours')}
                  </Text>
                  <HoursLine label={t('contact.weekdays')} value={`${SUPPORT_HOURS.weekdays.join(', ')} (${SUPPORT_HOURS.timeZone})`} />
                  <HoursLine label={t('contact.saturday')} value={t('contact.closed')} />
                  <HoursLine label={t('contact.sunday')} value={t('contact.closed')} />
                  <Text fontSize="sm" color="fg.muted" mt="2">
                    {t('contact.holidays')}
                  </Text>
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('common:action.close')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function HoursLine({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap="4" fontSize="sm" py="0.5">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium" textAlign="end">
        {value}
      </Text>
    </Flex>
  );
}
