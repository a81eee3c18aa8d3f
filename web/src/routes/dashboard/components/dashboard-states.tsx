import { Button, Card, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../../components/icons.js';
import { describeError } from '../../../errors/error-messages.js';

/** Card-shaped placeholders while the figures load, so the layout does not jump. */
export function DashboardSkeleton() {
  return (
    <Stack gap="8" data-testid="dashboard-loading">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Skeleton h="44" rounded="xl" />
        <Skeleton h="44" rounded="xl" />
      </SimpleGrid>
      <Stack gap="3">
        <Skeleton h="5" w="32" />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h="36" rounded="xl" />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** A failed load shown in place, with the error's message and code and a retry. */
export function DashboardError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('dashboard');
  const { t: tErrors } = useTranslation('errors');
  const description = describeError(error, tErrors);
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" data-testid="dashboard-error">
      <Card.Body alignItems="center" textAlign="center" gap="3" py="12">
        <Flex boxSize="12" rounded="full" bg="bg.error" color="fg.error" align="center" justify="center">
          <WarningIcon boxSize="6" />
        </Flex>
        <Text fontWeight="semibold" fontSize="lg">
          {t('loadFailed')}
        </Text>
        {description && (
          <Text color="fg.muted" maxW="md">
            {description.message}
            {description.code && ` (${description.code})`}
          </Text>
        )}
        <Button onClick={onRetry} mt="2">
          {t('common:action.retry')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
