/** `/settings/notifications` (spec §2.1, §2.7 gear): which notification kinds also go by email; own account only (spec §6; the route's OwnAccountOnly). */
import { Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../../components/icons.js';
import { SettingsTabs } from '../settings-tabs.js';
import { EmailTypeList } from './components/email-type-list.js';
import { useEmailTypesForm } from './use-email-types-form.js';

export default function NotificationSettingsPage() {
  const { t } = useTranslation(['activity', 'common']);
  const form = useEmailTypesForm();

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="3xl" mx="auto" data-testid="notification-settings-page">
      <SettingsTabs current="notifications" />
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('settings.title')}
        </Heading>
        <Text color="fg.muted">{t('settings.subtitle')}</Text>
      </Stack>
      <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
        <Flex justify="space-between" align="center" px={{ base: '4', md: '5' }} py="3" borderBottomWidth="1px" bg="bg.subtle">
          <Text fontSize="sm" fontWeight="semibold">
            {t('settings.emailColumn')}
          </Text>
        </Flex>
        {form.loaded ? (
          <EmailTypeList selected={form.selected} disabled={form.saving} onToggle={form.toggle} />
        ) : form.error ? (
          <Stack align="center" gap="3" py="14" px="8" textAlign="center" data-testid="notification-settings-error">
            <Flex boxSize="12" rounded="full" bg="bg.error" color="fg.error" align="center" justify="center">
              <WarningIcon boxSize="6" />
            </Flex>
            <Text color="fg.muted">{t('settings.loadFailed')}</Text>
            <Button size="sm" variant="outline" onClick={form.retry}>
              {t('common:action.retry')}
            </Button>
          </Stack>
        ) : (
          <Flex justify="center" py="14">
            <Spinner color="brand.solid" />
          </Flex>
        )}
      </Box>
      {/* Only while something changed: the bar follows the scroll, so saving never needs a trip to the end. */}
      {form.dirty && (
        <Flex
          position="sticky"
          bottom="4"
          mt="4"
          align="center"
          justify="space-between"
          gap="3"
          wrap="wrap"
          bg="bg"
          borderWidth="1px"
          rounded="lg"
          shadow="lg"
          px="4"
          py="3"
          data-testid="notification-settings-bar"
        >
          <Text fontSize="sm" fontWeight="medium">
            {t('settings.unsaved')}
          </Text>
          <Flex gap="2">
            <Button size="sm" variant="ghost" disabled={form.saving} onClick={form.discard}>
              {t('settings.discard')}
            </Button>
            <Button size="sm" loading={form.saving} onClick={() => void form.save()} data-testid="notification-settings-save">
              {t('settings.save')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Box>
  );
}
