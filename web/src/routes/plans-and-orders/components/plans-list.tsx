/** Current and past plans: what each paid order line gave, its term and whether it renews. */
import { Badge, Box, Heading, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePlans, type TPlan } from '../../../api/payments.js';
import { ListError, ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { ReceiptIcon } from '../../../components/icons.js';
import { useFormatters } from '../../../format/use-formatters.js';

function isCurrent(plan: TPlan, now: number): boolean {
  return Date.parse(plan.expiryTime) > now;
}

export function PlansList() {
  const { t } = useTranslation('plans');
  const { plans, error, isLoading, refetch } = usePlans();
  const { date, number } = useFormatters();
  const now = Date.now();
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
      <Heading as="h2" size="md" px="4" pt="4" pb="2">
        {t('plans.title')}
      </Heading>
      {error ? (
        <ListError title={t('plans.error')} onRetry={refetch} testId="plans-error" />
      ) : isLoading || !plans ? (
        <ListSkeleton rows={3} />
      ) : plans.length === 0 ? (
        <ListMessage icon={ReceiptIcon} title={t('plans.empty')} text={t('plans.emptyText')} testId="plans-empty" />
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="plans-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('plans.item')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.planType')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('plans.quantity')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.started')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.expires')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('plans.state')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {plans.map((plan) => (
                <Table.Row key={plan.planId} data-testid="plan-row">
                  <Table.Cell fontWeight="medium">{t(`item.${plan.itemType}`)}</Table.Cell>
                  <Table.Cell>
                    {t(`planType.${plan.planType}`)}
                    {plan.planType === 'monthly' && (
                      <Text as="span" color="fg.muted">
                        {' · '}
                        {t(`cycle.${plan.paymentCycle}`)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{number(plan.quantity)}</Table.Cell>
                  <Table.Cell>{date(plan.startTime)}</Table.Cell>
                  <Table.Cell>{date(plan.expiryTime)}</Table.Cell>
                  <Table.Cell>
                    {isCurrent(plan, now) ? (
                      <Badge colorPalette="green">{plan.autoRenew ? t('plans.renews') : t('plans.active')}</Badge>
                    ) : (
                      <Badge>{t('plans.expired')}</Badge>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
