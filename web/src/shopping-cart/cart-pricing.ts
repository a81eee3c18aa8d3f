/** The card's and dialogs' reading of the pricebook: which plans an item has, and what a line costs, by the shared pricing module. */
import { formatMinorUnits } from '../format/money.js';
import { cartTotals, priceItem, PricingError, type CartTotals, type PaymentCycle, type PlanType, type Pricebook, type PricedItem, type ProductKind } from '../../../shared/domain/pricing.js';
import { BUY_CART_KINDS, type TCart } from '../../../shared/schemas/shopping-cart.js';

export type BuyKind = (typeof BUY_CART_KINDS)[number];

/** The plan types the pricebook sells an item as: monthly plan, pay as you go, or both. */
export function planTypesOf(book: Pricebook, kind: ProductKind): PlanType[] {
  return (['monthly', 'refill'] as const).filter((planType) => (book.prices[kind]?.[planType]?.length ?? 0) > 0);
}

/** Credits are bought pay as you go unless the item is sold only as a monthly plan (storage, team users). */
export function defaultPlanType(book: Pricebook, kind: ProductKind): PlanType {
  return planTypesOf(book, kind).includes('refill') ? 'refill' : 'monthly';
}

/** A monthly plan is paid at the cart's cycle, pay as you go once. */
export function cycleOf(planType: PlanType, cartCycle: TCart['paymentCycle']): PaymentCycle {
  return planType === 'monthly' ? cartCycle : 'oneoff';
}

/** A line priced as the server prices it; null when the pricebook has no price for it (billing §5: no period cost). */
export function priceLine(book: Pricebook, line: { kind: ProductKind; planType: PlanType; quantity: number; cycle: PaymentCycle }, currency: string): PricedItem | null {
  try {
    return priceItem(book, line, currency);
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}

/**
 * The cart's totals from its lines as the server answered them (kind, plan, quantity, cycle,
 * currency): subtotal and rebate are not in the answer, so the shared module prices the lines the
 * way the server did. Lines the buy cart does not sell (additional services) are not its to total.
 */
export function totalsOf(book: Pricebook, cart: TCart): CartTotals {
  const priced = cart.result.flatMap((item) => {
    if (item.planType === 'others') return [];
    const line = priceLine(book, { kind: item.itemType, planType: item.planType, quantity: item.quantity, cycle: item.paymentCycle }, cart.currency);
    return line ? [line] : [];
  });
  return cartTotals(priced);
}

export function isBuyKind(kind: ProductKind): kind is BuyKind {
  return BUY_CART_KINDS.some((buyKind) => buyKind === kind);
}

/** Amounts of the purchase currency as the pricebook charges it: cents, or whole units when it allows no decimals (billing §5). */
export function moneyIn(book: Pricebook, currencyName: string, language: string): (amount: number) => string {
  const allowDecimal = book.forex.find((currency) => currency.name === currencyName)?.allowDecimal ?? true;
  return (amount) => formatMinorUnits(amount, currencyName, language, { allowDecimal });
}
