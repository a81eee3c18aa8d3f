/**
 * `/settings/emails` (spec §2.1): the sender addresses and sender domains email campaigns send
 * from. Needs read on the email section.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ErrorPage } from '../../../components/error-page.js';
import { useClaims } from '../../../session/session.js';
import { SettingsTabs } from '../settings-tabs.js';
import { SenderAddressesSection } from './components/sender-addresses-section.js';
import { SenderDomainsSection } from './components/sender-domains-section.js';

/** What the user may do here: the email section's flags, as the API's routes demand (spec §6). */
export type EmailSettingsPermissions = { canWrite: boolean; canDelete: boolean };

export default function EmailSettingsPage() {
  const { t } = useTranslation('email-settings');
  const claims = useClaims();
  const can = (flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, 'email', flag) : false);
  if (!can('read')) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  const permissions = { canWrite: can('write'), canDelete: can('delete') };

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="5xl" mx="auto" data-testid="email-settings-page">
      <SettingsTabs current="emails" />
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('subtitle')}</Text>
      </Stack>
      <Stack gap="6">
        <SenderAddressesSection permissions={permissions} />
        <SenderDomainsSection permissions={permissions} />
      </Stack>
    </Box>
  );
}
