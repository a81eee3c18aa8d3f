/** The account's orders, newest first: what each bought, what it charged, and its state. */
import { useState } from 'react';
import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOrders, type TOrder } from '../../../api/payments.js';
import { ListError, ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { ReceiptIcon } from '../../../components/icons.js';
import { formatMinorUnits } from '../../../format/money.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { ReceiptDialog } from './receipt-dialog.js';

const STATE_PALETTE: Record<TOrder['state'], string> = { paid: 'green', pending: 'gray', requiresAction: 'orange', failed: 'red' };

export function OrdersList() {
  const { t } = useTranslation('plans');
  const { orders, error, isLoading, refetch } = useOrders();
  const { dateTime, number, locale } = useFormatters();
  const [receiptOf, setReceiptOf] = useState<TOrder | null>(null);
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
      {error ? (
        <ListError title={t('orders.error')} onRetry={refetch} testId="orders-error" />
      ) : isLoading || !orders ? (
        <ListSkeleton rows={3} />
      ) : orders.length === 0 ? (
        <ListMessage icon={ReceiptIcon} title={t('orders.empty')} text={t('orders.emptyText')} testId="orders-empty" />
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="orders-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('orders.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders.items')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('orders.total')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders.state')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {orders.map((order) => (
                <Table.Row key={order.orderId} data-testid="order-row">
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {order.orderId}
                  </Table.Cell>
                  <Table.Cell>{dateTime(order.createTime)}</Table.Cell>
                  <Table.Cell>
                    {order.lines.map((line, index) => (
                      <Text key={index}>
                        {number(line.quantity)} × {t(`item.${line.itemType}`)}
                      </Text>
                    ))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMinorUnits(order.total, order.currency.name, locale)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_PALETTE[order.state]}>{t(`orders.stateName.${order.state}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {order.state === 'paid' && (
                      <Button size="xs" variant="outline" onClick={() => setReceiptOf(order)} data-testid="order-receipt">
                        <ReceiptIcon /> {t('orders.receipt')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {receiptOf && <ReceiptDialog order={receiptOf} onClose={() => setReceiptOf(null)} />}
    </Box>
  );
}
