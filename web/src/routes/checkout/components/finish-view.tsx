/** After payment (billing §2): the order id, what was bought, and the recurring payment if any. */
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOrders } from '../../../api/payments.js';
import { CheckCircleIcon } from '../../../components/icons.js';
import { formatMinorUnits } from '../../../format/money.js';
import { useFormatters } from '../../../format/use-formatters.js';

export function FinishView({ orderId, onBack, onFinish }: { orderId: string; onBack(): void; onFinish(): void }) {
  const { t } = useTranslation('checkout');
  const { t: tPlans } = useTranslation('plans');
  const { date, number, locale } = useFormatters();
  // Read once the order is paid: the checkout itself never needs the order list.
  const order = useOrders().orders?.find((candidate) => candidate.orderId === orderId);
  return (
    <Stack gap="5" bg="bg" borderWidth="1px" rounded="xl" p="6" shadow="xs" data-testid="checkout-finished">
      <Flex align="center" gap="3">
        <CheckCircleIcon boxSize="8" color="green.fg" />
        <Heading as="h2" size="lg">
          {t('finish.title')}
        </Heading>
      </Flex>
      <Text>{t('finish.thanks')}</Text>
      <Box>
        <Text color="fg.muted" fontSize="sm">
          {t('finish.orderId')}
        </Text>
        <Text fontFamily="mono" data-testid="checkout-order-id">
          {orderId}
        </Text>
      </Box>
      {order && (
        <Box>
          <Text color="fg.muted" fontSize="sm">
            {t('finish.items')}
          </Text>
          {order.lines.map((line, index) => (
            <Text key={index} data-testid="checkout-finished-item">
              {number(line.quantity)} × {tPlans(`item.${line.itemType}`)} · {tPlans(`planType.${line.planType}`)}
            </Text>
          ))}
        </Box>
      )}
      {order?.recurring && (
        <Box>
          <Text color="fg.muted" fontSize="sm">
            {t('finish.recurring')}
          </Text>
          <Text data-testid="checkout-recurring">{t('finish.recurringLine', { price: formatMinorUnits(order.recurring.price, order.currency.name, locale), date: date(order.recurring.nextPaymentDate) })}</Text>
        </Box>
      )}
      <Flex gap="3" justify="end">
        <Button variant="ghost" onClick={onBack}>
          {t('finish.back')}
        </Button>
        <Button colorPalette="brand" onClick={onFinish} data-testid="checkout-finish">
          {t('finish.done')}
        </Button>
      </Flex>
    </Stack>
  );
}
