/**
 * `/checkout?mode=buy` (billing §2): Summary → Billing → Payment, then the finish view. 800 wide.
 * Only on the user's own account (acting on another sends to the dashboard). The upgrade and
 * additional-service modes read details stored by the plans pages (issue 21); buy is the mode here.
 */
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { isActingOnOtherAccount } from '../../../../shared/domain/permissions.js';
import { usePricebook, useShoppingCart } from '../../api/shopping-cart.js';
import { useUserInfo } from '../../api/user.js';
import { ReturnIcon } from '../../components/icons.js';
import { formatMinorUnits } from '../../format/money.js';
import { CardPayments } from '../../components/payments/card-payments.js';
import { useClaims } from '../../session/session.js';
import { ShoppingCartCard } from '../../shopping-cart/shopping-cart-card.js';
import { BillingStep } from './components/billing-step.js';
import { CheckoutSteps, type CheckoutStep } from './components/checkout-steps.js';
import { FinishView } from './components/finish-view.js';
import { PaymentStep } from './components/payment-step.js';
import { useCardAuthentication } from './use-card-authentication.js';
import { usePayNow } from './use-pay-now.js';

/** Billing §2: the checkout page is 800 pixels wide. */
const CHECKOUT_WIDTH = '800px';

/** Card authentication (3-D Secure) needs the card service around the page. */
export default function CheckoutPage() {
  return (
    <CardPayments>
      <Checkout />
    </CardPayments>
  );
}

function Checkout() {
  const { t, i18n } = useTranslation('checkout');
  const claims = useClaims();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [step, setStep] = useState<CheckoutStep>('summary');
  const [summaryReady, setSummaryReady] = useState(false);
  const { user } = useUserInfo();
  const { cart } = useShoppingCart(true);
  const { pricebook } = usePricebook();
  const authenticate = useCardAuthentication();
  const { state, failure, pay, reset } = usePayNow(authenticate);

  // Billing §2: the mode is written into the query.
  useEffect(() => {
    if (search.get('mode') !== 'buy') setSearch({ mode: 'buy' }, { replace: true });
  }, [search, setSearch]);
  const onReadyChange = useCallback((ready: boolean) => setSummaryReady(ready), []);

  if (claims && isActingOnOtherAccount(claims)) return <Navigate to="/dashboard" replace />;

  const currency = cart?.currency ?? 'HKD';
  const forex = pricebook?.forex.find((entry) => entry.name === currency);
  const rate = forex?.rate;
  // Each line's price is what it charges now (a monthly plan its first cycle): Pay Now charges their sum.
  const payNow = cart && cart.count > 0 ? formatMinorUnits(cart.result.reduce((sum, line) => sum + line.price, 0), currency, i18n.language, { allowDecimal: forex?.allowDecimal }) : null;
  const hasMonthly = cart?.result.some((line) => line.planType === 'monthly') ?? false;
  const onPay = (cardId: string) => {
    if (!cart || rate === undefined) return;
    void pay({ billingInterval: hasMonthly ? cart.paymentCycle : 'oneoff', rate, currency, cardId });
  };
  const paidOrderId = state.status === 'paid' ? state.orderId : null;

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW={CHECKOUT_WIDTH} mx="auto" data-testid="checkout">
      <Flex align="center" justify="space-between" gap="3" mb="4" wrap="wrap">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {t('title')}
        </Heading>
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/plans-and-orders" data-testid="checkout-back-to-plans">
            <ReturnIcon /> {t('backToPlans')}
          </RouterLink>
        </Button>
      </Flex>
      <CheckoutSteps current={step} paid={paidOrderId !== null} />
      {paidOrderId ? (
        <FinishView
          orderId={paidOrderId}
          onBack={() => {
            reset();
            setStep('summary');
          }}
          onFinish={() => navigate('/plans-and-orders?tab=plans')}
        />
      ) : step === 'summary' ? (
        <Stack gap="4">
          <ShoppingCartCard onReadyChange={onReadyChange} />
          {!summaryReady && (
            <Text fontSize="sm" color="fg.muted">
              {t('summary.needCurrency')}
            </Text>
          )}
          <Flex justify="space-between" gap="3">
            <Button variant="ghost" onClick={() => navigate('/dashboard')} data-testid="checkout-later">
              {t('checkoutLater')}
            </Button>
            <Button colorPalette="brand" disabled={!summaryReady} onClick={() => setStep('billing')} data-testid="checkout-next">
              {t('next')}
            </Button>
          </Flex>
        </Stack>
      ) : step === 'billing' ? (
        <BillingStep onBack={() => setStep('summary')} onNext={() => setStep('payment')} />
      ) : (
        <Stack gap="4">
          {state.status === 'processing' && (
            <Text color="fg.muted" data-testid="checkout-processing">
              {t('payment.processing')}
            </Text>
          )}
          <PaymentStep
            currency={currency}
            cartIsEmpty={!cart || cart.count === 0}
            unverified={user?.unverified ?? false}
            paying={state.status === 'paying'}
            paymentError={failure}
            total={payNow}
            onPay={onPay}
            onBack={() => setStep('billing')}
          />
        </Stack>
      )}
    </Box>
  );
}
