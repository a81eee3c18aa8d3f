/**
 * An item's price lists (billing §2): the monthly plan's and the pay-as-you-go's, each row a
 * quantity against its monthly or one-off charge in the purchase currency, behind a show/hide
 * toggle.
 */
import { useState } from 'react';
import { Box, Button, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { priceListRows, type PlanType, type Pricebook, type ProductKind } from '../../../shared/domain/pricing.js';
import { useFormatters } from '../format/use-formatters.js';
import { moneyIn } from './cart-pricing.js';

/** Billing §2: a price table shows up to three rows. */
const ROWS_SHOWN = 3;

export function PriceTables({ book, kind, currency, planTypes, testId }: { book: Pricebook; kind: ProductKind; currency: string; planTypes?: readonly PlanType[]; testId: string }) {
  const { t } = useTranslation('shopping-cart');
  const [isShown, setShown] = useState(false);
  const shown = (planTypes ?? (['monthly', 'refill'] as const)).filter((planType) => book.prices[kind]?.[planType]);
  return (
    <Stack gap="2" align="start" w="full">
      <Button size="xs" variant="ghost" onClick={() => setShown(!isShown)} aria-expanded={isShown} data-testid={`${testId}-toggle`}>
        {t(isShown ? 'priceList.hide' : 'priceList.show')}
      </Button>
      {isShown && (
        <SimpleGrid columns={{ base: 1, md: shown.length }} gap="3" w="full">
          {shown.map((planType) => (
            <PriceTable key={planType} book={book} kind={kind} planType={planType} currency={currency} testId={`${testId}-${planType}`} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PriceTable({ book, kind, planType, currency, testId }: { book: Pricebook; kind: ProductKind; planType: PlanType; currency: string; testId: string }) {
  const { t, i18n } = useTranslation('shopping-cart');
  const { number } = useFormatters();
  const rows = priceListRows(book, kind, planType, currency).slice(0, ROWS_SHOWN);
  const money = moneyIn(book, currency, i18n.language);
  return (
    <Box borderWidth="1px" rounded="md" overflowX="auto">
      <Table.Root size="sm" aria-label={t(`table.${planType}`)} data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t(`unit.${kind}`)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(`charge.${planType}`)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.credits}>
              <Table.Cell>{number(row.credits)}</Table.Cell>
              <Table.Cell textAlign="end">{money(row.price)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
