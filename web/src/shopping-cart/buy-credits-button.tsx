/**
 * A Buy button that opens the buy-credits dialog; the dialog (its sliders, price lists and
 * pricing) is a chunk of its own, loaded on first open, so the dashboard and the SMS wizard stay
 * light.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useUserInfo } from '../api/user.js';
import { useClaims } from '../session/session.js';
import { isShoppingCartShown } from '../shell/shell-rules.js';
import type { BuyKind } from './cart-pricing.js';

const BuyCreditsDialog = lazy(() => import('./buy-credits-dialog.js'));

/** An item to offer: its kind and, when known, how many are wanted (an SMS send's shortfall). */
export type CreditWish = { kind: BuyKind; quantity?: number };

/** Whether this user may buy here: their own account with the cart shown, and allowed to buy plans (billing §2, §6). */
export function useCanBuyCredits(): boolean {
  const claims = useClaims();
  const { user } = useUserInfo();
  return Boolean(user && claims && user.canBuyPlan && isShoppingCartShown(user, claims));
}

/** A Buy button that opens the dialog for `wishes`; nothing is shown to a user who cannot buy. */
export function BuyCreditsButton({ wishes, label, testId }: { wishes: readonly CreditWish[]; label: string; testId: string }) {
  const canBuy = useCanBuyCredits();
  const [isOpen, setOpen] = useState(false);
  if (!canBuy) return null;
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <BuyCreditsDialog wishes={wishes} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
