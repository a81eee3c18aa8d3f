/**
 * Stripe's published test cards (docs.stripe.com/testing) and what the stand-in does with each:
 * the card checks made when a card is entered (number, expiry), the brand by number prefix, and
 * the outcome of a setup (the card check when a card is saved) and of a payment.
 * Following the docs: the decline cards fail when the card is checked, at setup as at payment;
 * 4000000000000341 attaches and every charge is declined; 3155 needs authentication on session
 * (and at setup) and not off session once set up; 3184 always needs it; 3178 needs it and is then
 * declined for insufficient funds. Any other Luhn-valid number with a future expiry succeeds.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'unionpay' | 'unknown';

/** A card error as Stripe's API writes it (type card_error). */
export type CardFailure = { code: string; decline_code?: string; message: string; param?: string };

export type CardBehaviour = {
  /** Refused when the card is checked: at setup and at every payment. */
  declined?: CardFailure;
  /** Attaches and sets up, and every charge is declined with this (4000000000000341). */
  chargeDeclined?: CardFailure;
  /** 3-D Secure: 'always' (3184, 3178), 'unless-set-up' (3155: off-session payments of a set-up card pass). */
  authentication?: 'always' | 'unless-set-up';
  /** Declined after a passed authentication (3178). */
  declinedAfterAuthentication?: CardFailure;
};

const DECLINED = 'Your card was declined.';
const declined = (decline_code: string, message = DECLINED): CardFailure => ({ code: 'card_declined', decline_code, message });
const INSUFFICIENT_FUNDS = declined('insufficient_funds', 'Your card has insufficient funds.');

export const TEST_CARD_BEHAVIOUR: Readonly<Record<string, CardBehaviour>> = {
  '4000002500003155': { authentication: 'unless-set-up' },
  '4000002760003184': { authentication: 'always' },
  '4000008260003178': { authentication: 'always', declinedAfterAuthentication: INSUFFICIENT_FUNDS },
  '4000000000009995': { declined: INSUFFICIENT_FUNDS },
  '4000000000000002': { declined: declined('generic_decline') },
  '4000000000009987': { declined: declined('lost_card') },
  '4000000000009979': { declined: declined('stolen_card') },
  '4000000000000069': { declined: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' } },
  '4000000000000127': { declined: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' } },
  '4000000000000119': { declined: { code: 'processing_error', decline_code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' } },
  '4100000000000019': { declined: declined('fraudulent') },
  '4000000000000341': { chargeDeclined: declined('generic_decline') },
};

/**
 * Stripe's test payment methods (docs "Testing", PaymentMethods tab): server-side tests name them
 * instead of card numbers; each stands for a new card with that number.
 */
export const TEST_PAYMENT_METHOD_CARDS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: '4000008260003178',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function behaviourOfCard(number: string): CardBehaviour {
  return TEST_CARD_BEHAVIOUR[number] ?? {};
}

/** The card network by number prefix (IIN ranges as the networks publish them). */
export function brandOfCard(number: string): CardBrand {
  const prefix = (length: number) => Number(number.slice(0, length));
  if (number.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (prefix(2) === 34 || prefix(2) === 37) return 'amex';
  if ((prefix(3) >= 300 && prefix(3) <= 305) || prefix(2) === 36 || prefix(2) === 38 || prefix(2) === 39) return 'diners';
  if (number.startsWith('6011') || number.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (number.startsWith('62') || number.startsWith('81')) return 'unionpay';
  return 'unknown';
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why Stripe would refuse the card's details when it is entered (a 402 card_error), or null. */
export function cardDetailsProblem(card: { number: string; exp_month: number; exp_year: number; cvc?: string }, now: Date): CardFailure | null {
  if (!passesLuhn(card.number)) return { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' };
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || year > now.getUTCFullYear() + 50) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' };
  if (year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1) return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
  const cvcLength = brandOfCard(card.number) === 'amex' ? 4 : 3;
  if (card.cvc !== undefined && !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' };
  return null;
}
