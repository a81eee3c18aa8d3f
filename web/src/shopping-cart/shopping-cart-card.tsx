/**
 * The shopping cart card in buy mode (billing §2, §4): the currency, the cart's lines (kind order,
 * each with Edit and Remove), a way to add an item with its price lists and quantity, the payment
 * cycle with the pricebook's discounts, and the totals. The server's cart is the truth: every
 * change answers the cart, which the card then shows. A locked cart (a special offer) keeps its
 * currency, cycle and lines.
 *
 * The checkout page's Summary step embeds it; `onReadyChange` says whether its Next may be pressed
 * (a currency chosen and the cart not empty, billing §5 "Summary Next").
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Menu, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Pricebook } from '../../../shared/domain/pricing.js';
import { changeCartCurrency, changeCartPayCycle, removeCartLine, usePricebook, useShoppingCart, type TCart, type TCartItem } from '../api/shopping-cart.js';
import { useUserInfo } from '../api/user.js';
import { ChoiceButtons } from '../components/choice-buttons.js';
import { showError } from '../components/error-dialog.js';
import { CartIcon, LockIcon, PencilIcon, TrashIcon } from '../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../components/list-states.js';
import { DangerMenuItem, RowMenu } from '../components/row-menu.js';
import { useFormatters } from '../format/use-formatters.js';
import { ITEM_ICONS } from '../shell/shopping-cart-menu.js';
import { AddCartItem } from './add-cart-item.js';
import { CartItemEditDialog } from './cart-item-edit-dialog.js';
import { moneyIn, totalsOf } from './cart-pricing.js';

/** Billing §9: a cycle change is sent once the user has stopped changing it for this long. */
export const PAY_CYCLE_DELAY_MS = 800;
/** Billing §9: after a failed cycle or currency change the cart is read again this much later. */
export const CART_RELOAD_DELAY_MS = 5_000;

type RecurringCycle = TCart['paymentCycle'];
const CYCLES: readonly RecurringCycle[] = ['monthly', 'quarterly', 'annually'];

type EditableItem = TCartItem & { planType: 'monthly' | 'refill' };

export type ShoppingCartCardProps = {
  /** Called with true when a currency is chosen and the cart has a line (the Summary step's Next), false otherwise. */
  onReadyChange?(isReady: boolean): void;
};

export function ShoppingCartCard({ onReadyChange }: ShoppingCartCardProps) {
  const { t } = useTranslation('shopping-cart');
  const { cart, error, refetch } = useShoppingCart(true);
  const { pricebook, error: pricebookError, refetch: refetchPricebook } = usePricebook();
  const { user } = useUserInfo();
  const isLocked = user?.isShoppingCartLocked ?? false;
  const isReady = Boolean(cart && cart.currency && cart.count > 0);
  useEffect(() => {
    onReadyChange?.(isReady);
  }, [isReady, onReadyChange]);

  const body = () => {
    if (error || pricebookError) {
      return (
        <ListError
          title={t('error.title')}
          onRetry={() => {
            void refetch();
            void refetchPricebook();
          }}
          testId="cart-card-error"
        />
      );
    }
    if (!cart || !pricebook) return <ListSkeleton rows={3} testId="cart-card-loading" />;
    return <LoadedCart cart={cart} book={pricebook} isLocked={isLocked} reload={() => void refetch()} />;
  };

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" data-testid="cart-card">
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        {body()}
      </Card.Body>
    </Card.Root>
  );
}

function LoadedCart({ cart, book, isLocked, reload }: { cart: TCart; book: Pricebook; isLocked: boolean; reload(): void }) {
  const { t } = useTranslation('shopping-cart');
  const [editing, setEditing] = useState<EditableItem | null>(null);
  const [isAdding, setAdding] = useState(false);
  const changes = useCartOptionChanges(cart, reload);
  const lines = cart.result.filter((item): item is EditableItem => item.planType !== 'others');
  const isEmpty = lines.length === 0;

  return (
    <>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="md">
          {t('title')}
        </Heading>
        <NativeSelect.Root size="sm" w="auto" disabled={isLocked || changes.isBusy}>
          <NativeSelect.Field aria-label={t('currency')} value={cart.currency} onChange={(event) => changes.currency(event.currentTarget.value)} data-testid="cart-currency">
            {book.forex.map((currency) => (
              <option key={currency.name} value={currency.name}>
                {`${currency.name} (${currency.symbol})`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Text fontSize="sm" color="fg.muted" data-testid="cart-region-note">
        {t('regionNote', { region: book.region })}
      </Text>
      {isLocked && (
        <Flex gap="2" align="center" p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" data-testid="cart-locked">
          <LockIcon boxSize="4" />
          <Text>{t('locked')}</Text>
        </Flex>
      )}
      {isEmpty ? (
        <ListMessage icon={CartIcon} title={t('empty.title')} text={t('empty.text')} testId="cart-card-empty" />
      ) : (
        <Stack gap="0" separator={<Box borderBottomWidth="1px" />} data-testid="cart-lines">
          {lines.map((item) => (
            <CartLine key={item.id} book={book} item={item} isLocked={isLocked} onEdit={() => setEditing(item)} />
          ))}
        </Stack>
      )}
      {!isLocked &&
        (isAdding || isEmpty ? (
          <AddCartItem book={book} cart={cart} onAdded={() => setAdding(false)} />
        ) : (
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => setAdding(true)} data-testid="cart-add-open">
            {t('add.open')}
          </Button>
        ))}
      <CycleChoice book={book} cycle={changes.cycle} disabled={isLocked} onChange={changes.payCycle} />
      <CartTotalsView book={book} cart={cart} />
      {editing && <CartItemEditDialog book={book} cart={cart} item={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * The cart's currency and cycle as the user changes them: a currency at once, a cycle 800 ms
 * after the last click (billing §4). A failure shows the error and reads the cart again 5 s later.
 */
function useCartOptionChanges(cart: TCart, reload: () => void) {
  const [pendingCycle, setPendingCycle] = useState<RecurringCycle | null>(null);
  const [isBusy, setBusy] = useState(false);
  const cycleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(cycleTimer.current);
      clearTimeout(reloadTimer.current);
    },
    [],
  );

  const fail = (error: unknown) => {
    showError(error);
    reloadTimer.current = setTimeout(() => {
      setPendingCycle(null);
      reload();
    }, CART_RELOAD_DELAY_MS);
  };
  const send = async (change: () => Promise<TCart>) => {
    setBusy(true);
    try {
      await change();
      setPendingCycle(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    isBusy,
    cycle: pendingCycle ?? cart.paymentCycle,
    currency: (currency: string) => void send(() => changeCartCurrency(currency)),
    payCycle: (cycle: RecurringCycle) => {
      setPendingCycle(cycle);
      clearTimeout(cycleTimer.current);
      cycleTimer.current = setTimeout(() => void send(() => changeCartPayCycle(cycle)), PAY_CYCLE_DELAY_MS);
    },
  };
}

function CartLine({ book, item, isLocked, onEdit }: { book: Pricebook; item: EditableItem; isLocked: boolean; onEdit(): void }) {
  const { t, i18n } = useTranslation(['shopping-cart', 'shell']);
  const { number } = useFormatters();
  const [isRemoving, setRemoving] = useState(false);
  const Icon = ITEM_ICONS[item.itemType];
  const name = t(`shell:cart.item.${item.itemType}`);
  // Billing §8: a failed removal is ignored; the cart read again shows what it holds.
  const remove = async () => {
    setRemoving(true);
    await removeCartLine(item.id).catch(() => undefined);
    setRemoving(false);
  };
  return (
    <Flex gap="3" py="3" align="center" data-testid="cart-line" data-kind={item.itemType} data-quantity={item.quantity}>
      <Flex boxSize="9" rounded="md" bg="brand.subtle" color="brand.fg" align="center" justify="center" flexShrink="0">
        <Icon boxSize="4" />
      </Flex>
      <Box flex="1" minW="0">
        <Text fontWeight="medium">{name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('line.summary', { quantity: number(item.quantity), planType: t(`planType.${item.planType}`), cycle: t(`shell:cart.cycle.${item.paymentCycle}`) })}
        </Text>
      </Box>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="cart-line-price">
        {moneyIn(book, item.currency, i18n.language)(item.price)}
      </Text>
      <RowMenu label={t('line.menu', { item: name })} testId="cart-line-menu" disabled={isLocked || isRemoving}>
        <Menu.Item value="edit" onClick={onEdit} data-testid="cart-line-edit">
          <PencilIcon />
          {t('line.edit')}
        </Menu.Item>
        <DangerMenuItem value="remove" icon={<TrashIcon />} onClick={() => void remove()} testId="cart-line-remove">
          {t('line.remove')}
        </DangerMenuItem>
      </RowMenu>
    </Flex>
  );
}

function CycleChoice({ book, cycle, disabled, onChange }: { book: Pricebook; cycle: RecurringCycle; disabled: boolean; onChange(cycle: RecurringCycle): void }) {
  const { t } = useTranslation(['shopping-cart', 'shell']);
  const { percent } = useFormatters();
  const discounts: Record<RecurringCycle, number> = { monthly: 0, quarterly: book.discount.quarterly_discount, annually: book.discount.annually_discount };
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium">
        {t('cycle.title')}
      </Text>
      <ChoiceButtons
        value={cycle}
        label={t('cycle.title')}
        testId="cart-cycle"
        disabled={disabled}
        onChange={onChange}
        choices={CYCLES.map((value) => ({
          value,
          label: (
            <>
              {t(`shell:cart.cycle.${value}`)}
              {discounts[value] > 0 && (
                <Badge size="xs" colorPalette="green" ms="1" data-testid={`cart-cycle-discount-${value}`}>
                  {t('cycle.discount', { percent: percent(discounts[value], 0) })}
                </Badge>
              )}
            </>
          ),
        }))}
      />
      <Text fontSize="xs" color="fg.muted">
        {t('cycle.hint')}
      </Text>
    </Stack>
  );
}

function CartTotalsView({ book, cart }: { book: Pricebook; cart: TCart }) {
  const { t, i18n } = useTranslation('shopping-cart');
  const totals = totalsOf(book, cart);
  const money = moneyIn(book, cart.currency, i18n.language);
  const rows = [
    { key: 'subtotal', value: money(totals.subtotal) },
    { key: 'rebate', value: totals.rebate > 0 ? `−${money(totals.rebate)}` : money(0) },
    { key: 'recurring', value: money(totals.recurringTotal) },
    { key: 'oneTime', value: money(totals.oneTimeTotal) },
  ];
  return (
    <Stack gap="1" borderTopWidth="1px" pt="3" data-testid="cart-totals">
      {rows.map((row) => (
        <Flex key={row.key} justify="space-between" fontSize="sm" fontWeight={row.key === 'recurring' || row.key === 'oneTime' ? 'semibold' : undefined}>
          <Text color="fg.muted">{t(`totals.${row.key}`)}</Text>
          <Text fontVariantNumeric="tabular-nums" data-testid={`cart-total-${row.key}`}>
            {row.value}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}
