/**
 * Adding an item in the cart card (billing §2): which item, monthly plan or pay as you go where
 * the pricebook sells both, its price lists, the quantity, and what the line will cost at the
 * cart's currency and cycle. A user arriving with an empty cart fills it here.
 */
import { useState } from 'react';
import { Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { quantityStops, type PlanType, type Pricebook } from '../../../shared/domain/pricing.js';
import { BUY_CART_KINDS } from '../../../shared/schemas/shopping-cart.js';
import { putCartLine, type TCart } from '../api/shopping-cart.js';
import { ChoiceButtons } from '../components/choice-buttons.js';
import { showError } from '../components/error-dialog.js';
import { cycleOf, defaultPlanType, moneyIn, planTypesOf, priceLine, type BuyKind } from './cart-pricing.js';
import { PriceTables } from './price-tables.js';
import { QuantityField } from './quantity-field.js';

type Choice = { kind: BuyKind; planType: PlanType; quantity: number };

function firstChoice(book: Pricebook, kind: BuyKind): Choice {
  const planType = defaultPlanType(book, kind);
  return { kind, planType, quantity: quantityStops(book, kind, planType)[0] };
}

export function AddCartItem({ book, cart, onAdded }: { book: Pricebook; cart: TCart; onAdded(): void }) {
  const { t, i18n } = useTranslation(['shopping-cart', 'shell']);
  const kinds = BUY_CART_KINDS.filter((kind) => planTypesOf(book, kind).length > 0);
  const [choice, setChoice] = useState<Choice>(() => firstChoice(book, kinds[0]));
  const [isAdding, setAdding] = useState(false);
  const priced = priceLine(book, { ...choice, cycle: cycleOf(choice.planType, cart.paymentCycle) }, cart.currency);

  const add = async () => {
    setAdding(true);
    try {
      await putCartLine({ itemtype: choice.kind, type: choice.planType, quantity: choice.quantity });
      onAdded();
    } catch (error) {
      showError(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="4" p="4" borderWidth="1px" rounded="lg" bg="bg.subtle" data-testid="cart-add">
      <Text fontWeight="semibold">{t('add.title')}</Text>
      <Flex gap="3" wrap="wrap" align="center">
        <NativeSelect.Root size="sm" w="auto">
          <NativeSelect.Field
            aria-label={t('add.kind')}
            value={choice.kind}
            onChange={(event) => setChoice(firstChoice(book, kinds.find((kind) => kind === event.currentTarget.value) ?? kinds[0]))}
            data-testid="cart-add-kind"
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`shell:cart.item.${kind}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {planTypesOf(book, choice.kind).length > 1 && (
          <ChoiceButtons
            value={choice.planType}
            label={t('add.planType')}
            testId="cart-add-plan"
            onChange={(planType) => setChoice({ kind: choice.kind, planType, quantity: quantityStops(book, choice.kind, planType)[0] })}
            choices={planTypesOf(book, choice.kind).map((planType) => ({ value: planType, label: t(`planType.${planType}`) }))}
          />
        )}
      </Flex>
      <PriceTables book={book} kind={choice.kind} currency={cart.currency} testId="cart-add-prices" />
      <QuantityField
        key={`${choice.kind}-${choice.planType}`}
        book={book}
        kind={choice.kind}
        planType={choice.planType}
        value={choice.quantity}
        onChange={(quantity) => setChoice({ ...choice, quantity })}
        testId="cart-add-quantity"
      />
      <Flex justify="space-between" align="center" gap="3">
        <Text fontSize="sm" data-testid="cart-add-price">
          {priced ? t('add.price', { price: moneyIn(book, cart.currency, i18n.language)(priced.charge) }) : t('unknownPrice')}
        </Text>
        <Button size="sm" onClick={() => void add()} loading={isAdding} disabled={!priced || priced.charge <= 0} data-testid="cart-add-submit">
          {t('add.submit')}
        </Button>
      </Flex>
    </Stack>
  );
}
