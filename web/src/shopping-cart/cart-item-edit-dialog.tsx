/**
 * The item edit dialog (billing §2, §5): the line's quantity (input and slider), its price list
 * and what it will cost. Confirm is disabled while saving, when the total is zero or less, when the
 * pricebook has no price for the quantity, and, for content storage, when the files in use would
 * not fit the plan with the free 50 MB.
 */
import { useState } from 'react';
import { Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Pricebook } from '../../../shared/domain/pricing.js';
import { storageLeftAfterPlan } from '../../../shared/domain/file-manager.js';
import { useStorageUsage } from '../api/file-manager.js';
import { putCartLine, type TCart, type TCartItem } from '../api/shopping-cart.js';
import { showError } from '../components/error-dialog.js';
import { FormDialog } from '../components/form-dialog.js';
import { isBuyKind, moneyIn, priceLine } from './cart-pricing.js';
import { PriceTables } from './price-tables.js';
import { QuantityField } from './quantity-field.js';

type Props = { book: Pricebook; cart: TCart; item: TCartItem & { planType: 'monthly' | 'refill' }; onClose(): void };

export function CartItemEditDialog({ book, cart, item, onClose }: Props) {
  const { t, i18n } = useTranslation(['shopping-cart', 'shell']);
  const [quantity, setQuantity] = useState(item.quantity);
  const [isSaving, setSaving] = useState(false);
  const isStorage = item.itemType === 'filestorage';
  const usage = useStorageUsage(isStorage);
  const priced = priceLine(book, { kind: item.itemType, planType: item.planType, quantity, cycle: item.paymentCycle }, cart.currency);
  const isStorageShort = isStorage && usage !== undefined && storageLeftAfterPlan(usage.usedBytes, quantity) < 0;
  const canConfirm = !isSaving && priced !== null && priced.charge > 0 && !isStorageShort;
  const name = t(`shell:cart.item.${item.itemType}`);

  const confirm = async () => {
    const { itemType } = item;
    if (!isBuyKind(itemType)) return;
    setSaving(true);
    try {
      await putCartLine({ id: item.id, itemtype: itemType, type: item.planType, quantity });
      onClose();
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('edit.title', { item: name })}
      submitLabel={t('edit.confirm')}
      submitTestId="cart-edit-confirm"
      canSubmit={canConfirm}
      busy={isSaving}
      onSubmit={() => void confirm()}
      onClose={onClose}
      testId="cart-edit-dialog"
    >
      <Stack gap="4">
        <QuantityField book={book} kind={item.itemType} planType={item.planType} value={quantity} onChange={setQuantity} testId="cart-edit-quantity" />
        <PriceTables book={book} kind={item.itemType} currency={cart.currency} planTypes={[item.planType]} testId="cart-edit-prices" />
        {isStorageShort && (
          <Text fontSize="sm" color="fg.error" data-testid="cart-edit-storage-short">
            {t('edit.notEnoughStorage')}
          </Text>
        )}
        <Flex justify="space-between" fontWeight="semibold">
          <Text>{t('edit.total')}</Text>
          <Text data-testid="cart-edit-total">{priced ? moneyIn(book, cart.currency, i18n.language)(priced.charge) : t('unknownPrice')}</Text>
        </Flex>
      </Stack>
    </FormDialog>
  );
}
