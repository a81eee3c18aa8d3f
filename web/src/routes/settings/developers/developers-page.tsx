/**
 * `/settings/developers` (spec §2.1): API keys for scripts, and the reference of the routes they
 * reach with curl examples. Own account only (spec §6: not a collaborator's).
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SettingsTabs } from '../settings-tabs.js';
import { ApiKeysSection } from './components/api-keys-section.js';
import { ApiReferenceSection } from './components/api-reference-section.js';

export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="5xl" mx="auto" data-testid="developers-page">
      <SettingsTabs current="developers" />
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('subtitle')}</Text>
      </Stack>
      <Stack gap="6">
        <ApiKeysSection />
        <ApiReferenceSection />
      </Stack>
    </Box>
  );
}
