/**
 * The buy-credits dialog (billing §2 "Other dialogs"): a slider per item with what it costs;
 * Confirm puts the lines into the cart and goes to the checkout. Opened from the dashboard's credit
 * cards and from an SMS send that lacks credits, through BuyCreditsButton, which loads it on first
 * open.
 */
import { useState } from 'react';
import { Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { quantityStops, roundQuantity, type PlanType, type Pricebook } from '../../../shared/domain/pricing.js';
import { putCartLine, usePricebook, useShoppingCart } from '../api/shopping-cart.js';
import { showError } from '../components/error-dialog.js';
import { FormDialog } from '../components/form-dialog.js';
import { ListError, ListSkeleton } from '../components/list-states.js';
import { cycleOf, defaultPlanType, moneyIn, priceLine, type BuyKind } from './cart-pricing.js';
import type { CreditWish } from './buy-credits-button.js';
import { QuantityField } from './quantity-field.js';

/** Where a purchase continues (billing §2 routes). */
export const CHECKOUT_PATH = '/checkout?mode=buy';

type Line = { kind: BuyKind; planType: PlanType; quantity: number };

function lineFor(book: Pricebook, wish: CreditWish): Line {
  const planType = defaultPlanType(book, wish.kind);
  const quantity = wish.quantity ? roundQuantity(book, wish.kind, planType, wish.quantity) : quantityStops(book, wish.kind, planType)[0];
  return { kind: wish.kind, planType, quantity };
}

export default function BuyCreditsDialog({ wishes, onClose }: { wishes: readonly CreditWish[]; onClose(): void }) {
  const { t, i18n } = useTranslation(['shopping-cart', 'shell']);
  const navigate = useNavigate();
  const { pricebook, error: pricebookError, refetch: refetchPricebook } = usePricebook();
  const { cart, error: cartError, refetch: refetchCart } = useShoppingCart(true);
  // The user's quantities; until they move one, the wishes as the price list sells them.
  const [chosen, setChosen] = useState<Line[] | null>(null);
  const [isSaving, setSaving] = useState(false);
  const book = pricebook;
  const lines = chosen ?? (book ? wishes.map((wish) => lineFor(book, wish)) : []);
  const priced = book && cart ? lines.map((line) => priceLine(book, { ...line, cycle: cycleOf(line.planType, cart.paymentCycle) }, cart.currency)) : [];
  const total = priced.reduce((sum, item) => sum + (item?.charge ?? 0), 0);
  const isPriced = priced.length > 0 && priced.every((item) => item !== null && item.charge > 0);

  const confirm = async () => {
    setSaving(true);
    try {
      // One at a time: each answer is the whole cart, and the last one is what the checkout shows.
      for (const line of lines) await putCartLine({ itemtype: line.kind, type: line.planType, quantity: line.quantity });
      navigate(CHECKOUT_PATH);
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };
  const body = () => {
    if (!book || !cart) {
      const retry = () => {
        void refetchPricebook();
        void refetchCart();
      };
      return pricebookError || cartError ? <ListError title={t('error.title')} onRetry={retry} testId="buy-credits-error" /> : <ListSkeleton rows={2} />;
    }
    const money = moneyIn(book, cart.currency, i18n.language);
    return (
      <Stack gap="5">
        {lines.map((line, index) => (
          <Stack key={line.kind} gap="2" data-testid={`buy-credits-${line.kind}`}>
            <Flex justify="space-between" align="baseline" gap="3">
              <Text fontWeight="semibold">{t(`shell:cart.item.${line.kind}`)}</Text>
              <Text fontSize="sm" color="fg.muted" data-testid={`buy-credits-${line.kind}-price`}>
                {priced[index] ? money(priced[index].charge) : t('unknownPrice')}
              </Text>
            </Flex>
            <QuantityField
              book={book}
              kind={line.kind}
              planType={line.planType}
              value={line.quantity}
              onChange={(quantity) => setChosen(lines.map((other) => (other === line ? { ...line, quantity } : other)))}
              testId={`buy-credits-${line.kind}-quantity`}
            />
          </Stack>
        ))}
        <Flex justify="space-between" fontWeight="semibold" borderTopWidth="1px" pt="3">
          <Text>{t('edit.total')}</Text>
          <Text data-testid="buy-credits-total">{money(total)}</Text>
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {t('regionNote', { region: book.region })}
        </Text>
      </Stack>
    );
  };

  return (
    <FormDialog
      title={t('buy.title')}
      submitLabel={t('buy.confirm')}
      submitTestId="buy-credits-confirm"
      canSubmit={!isSaving && isPriced}
      busy={isSaving}
      onSubmit={() => void confirm()}
      onClose={onClose}
      testId="buy-credits-dialog"
    >
      {body()}
    </FormDialog>
  );
}
