/**
 * The router's error element: a page module that failed to load (a new deployment, a lost
 * connection) or a render error. Kept free of lazy imports so it always renders.
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <Center minH="100vh" px="6">
      <Stack align="center" textAlign="center" gap="4" maxW="md" data-testid="route-error">
        <Heading as="h1" size="xl">
          {t('routeError.title')}
        </Heading>
        <Text color="fg.muted">{t('routeError.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
