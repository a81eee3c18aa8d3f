/** /creating-account: a short "setting up your account" moment while the user info loads. */
import { Alert, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCreatingAccount } from './use-creating-account.js';

export default function CreatingAccountPage() {
  const { t } = useTranslation('auth');
  const { hasFailed, retry } = useCreatingAccount();

  return (
    <Center minH="full" px="4" py="16" data-testid="creating-account">
      <Stack gap="5" align="center" textAlign="center" maxW="md" aria-live="polite" aria-busy={!hasFailed}>
        {hasFailed ? (
          <>
            <Alert.Root status="error" variant="subtle">
              <Alert.Indicator />
              <Alert.Title>{t('creating.failed')}</Alert.Title>
            </Alert.Root>
            <Button colorPalette="brand" onClick={retry}>
              {t('creating.retry')}
            </Button>
          </>
        ) : (
          <>
            <Spinner size="xl" color="brand.solid" borderWidth="3px" animationDuration="0.8s" />
            <Heading as="h1" size="xl">
              {t('creating.title')}
            </Heading>
            <Text color="fg.muted">{t('creating.subtitle')}</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
