/**
 * `/settings/sms-and-mms` (spec §2.1): the account's sender IDs (spec §4 "Sender ID") and the
 * countries its SMS campaigns may send to (spec §8 STT-SMS-01). Needs read on the sms section.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ErrorPage } from '../../../components/error-page.js';
import { SettingsTabs } from '../settings-tabs.js';
import { CallingCodesSection } from './components/calling-codes-section.js';
import { SenderIdsSection } from './components/sender-ids-section.js';
import { useSmsPermissions } from './use-sms-permissions.js';

export default function SmsSettingsPage() {
  const { t } = useTranslation('sms-settings');
  const permissions = useSmsPermissions();
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="5xl" mx="auto" data-testid="sms-settings-page">
      <SettingsTabs current="sms-and-mms" />
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('subtitle')}</Text>
      </Stack>
      <Stack gap="6">
        <SenderIdsSection permissions={permissions} />
        <CallingCodesSection canWrite={permissions.canWrite} />
      </Stack>
    </Box>
  );
}
