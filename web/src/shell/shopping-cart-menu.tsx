/**
 * The shopping-cart menu (billing spec §2): a dot when the cart has items, the items with price
 * and cycle, a link to plans and a checkout link that needs canBuyPlan.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, IconButton, Stack, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { removeCartLine, useShoppingCart, useShoppingCartCount, type TCartItem } from '../api/shopping-cart.js';
import { CartIcon, CloseIcon, EmailIcon, FileTextIcon, GlobeIcon, PaperclipIcon, ShieldIcon, SmsIcon, StorageIcon, TeamIcon } from '../components/icons.js';
import { formatMinorUnits } from '../format/money.js';
import { PLANS_PAGE } from '../paths/plans.js';
import { HeaderMenu, MenuEmpty, MenuError, MenuLoading, useMenuOpen } from './header-menu.js';
import { TextLink } from './text-action.js';

export function ShoppingCartMenu({ canBuyPlan }: { canBuyPlan: boolean }) {
  const { t } = useTranslation('shell');
  const { open, close, onOpenChange } = useMenuOpen(() => {
    void refetch();
    void refetchCount();
  });
  const { cart, error, isLoading, refetch } = useShoppingCart(open);
  const { count, refetch: refetchCount } = useShoppingCartCount();

  const isEmpty = !cart || cart.result.length === 0;

  return (
    <HeaderMenu
      label={t('cart.title')}
      icon={CartIcon}
      dot={count > 0}
      testId="cart"
      open={open}
      onOpenChange={onOpenChange}
      title={t('cart.title')}
      footer={
        <>
          <TextLink to={PLANS_PAGE} onNavigate={close}>
            {t('cart.viewPlans')}
          </TextLink>
          {canBuyPlan && !isEmpty ? (
            <Button asChild size="sm">
              <RouterLink to="/checkout?mode=buy" onClick={close}>
                {t('cart.checkout')}
              </RouterLink>
            </Button>
          ) : (
            <Button size="sm" disabled title={canBuyPlan ? undefined : t('cart.cannotBuy')} data-testid="cart-checkout-disabled">
              {t('cart.checkout')}
            </Button>
          )}
        </>
      }
    >
      {error ? (
        // Prices must be current: a failed refresh shows the error, not the cart loaded earlier.
        <MenuError onRetry={() => void refetch()} testId="cart-error" />
      ) : isLoading && !cart ? (
        <MenuLoading />
      ) : isEmpty ? (
        <MenuEmpty text={t('cart.empty')} testId="cart-empty" />
      ) : (
        <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
          {cart.result.map((item) => (
            <CartLine key={item.id} item={item} onRemoved={() => void Promise.all([refetch(), refetchCount()])} />
          ))}
        </Stack>
      )}
    </HeaderMenu>
  );
}

/** Each purchasable kind (billing spec §3 itemType) with its own icon. */
export const ITEM_ICONS: Record<TCartItem['itemType'], (props: IconProps) => ReactNode> = {
  email: EmailIcon,
  sms: SmsIcon,
  attachment: PaperclipIcon,
  dynamicattachment: FileTextIcon,
  filestorage: StorageIcon,
  team: TeamIcon,
  ip: ShieldIcon,
  dns: GlobeIcon,
};

function CartLine({ item, onRemoved }: { item: TCartItem; onRemoved: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const [isRemoving, setRemoving] = useState(false);
  const Icon = ITEM_ICONS[item.itemType];
  const price = formatMinorUnits(item.price, item.currency, i18n.language);
  const name = t(`cart.item.${item.itemType}`);

  // Billing §8: a failed removal is ignored; the list read again shows what the cart holds.
  const remove = async () => {
    setRemoving(true);
    await removeCartLine(item.id).catch(() => undefined);
    setRemoving(false);
    onRemoved();
  };
  return (
    <Flex gap="3" px="4" py="3" align="start">
      <Flex boxSize="9" rounded="md" bg="brand.subtle" color="brand.fg" align="center" justify="center" flexShrink="0">
        <Icon boxSize="4" />
      </Flex>
      <Box flex="1" minW="0">
        <Text fontWeight="medium" lineClamp="1">
          {item.quantity} × {name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('cart.priceWithCycle', { price, cycle: t(`cart.cycle.${item.paymentCycle}`) })}
        </Text>
      </Box>
      <IconButton aria-label={t('cart.remove', { item: name })} size="xs" variant="ghost" loading={isRemoving} onClick={() => void remove()} data-testid="cart-remove">
        <CloseIcon />
      </IconButton>
    </Flex>
  );
}
