/** The account's balance of each credit kind (billing §1 items), each with a way to buy more. */
import { Box, Button, Flex, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CREDIT_KINDS } from '../../../../../shared/schemas/payments.js';
import { usePlans } from '../../../api/payments.js';
import { ListError } from '../../../components/list-states.js';
import { useFormatters } from '../../../format/use-formatters.js';

export function BalancesGrid() {
  const { t } = useTranslation('plans');
  const { balances, error, isLoading, refetch } = usePlans();
  const { number, megabytes } = useFormatters();
  if (error) return <ListError title={t('balances.error')} onRetry={refetch} testId="balances-error" />;
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="balances">
      {CREDIT_KINDS.map((kind) => (
        <Box key={kind} bg="bg" borderWidth="1px" rounded="xl" p="4" shadow="xs" data-testid={`balance-${kind}`}>
          <Text fontSize="sm" color="fg.muted">
            {t(`kind.${kind}`)}
          </Text>
          <Flex align="end" justify="space-between" gap="2" mt="1">
            {isLoading || !balances ? (
              <Skeleton h="7" w="20" />
            ) : (
              <Text fontSize="2xl" fontWeight="semibold" data-testid={`balance-${kind}-value`}>
                {kind === 'attachmentMb' || kind === 'storageMb' ? megabytes(balances[kind]) : number(balances[kind])}
              </Text>
            )}
            <Button asChild size="xs" variant="outline">
              <RouterLink to="/checkout?mode=buy">{t('buy')}</RouterLink>
            </Button>
          </Flex>
        </Box>
      ))}
    </SimpleGrid>
  );
}
