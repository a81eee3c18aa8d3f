/**
 * Saved cards (billing §2 card list, §4 card dialogs, §7 card calls): per account and currency, on
 * the account's Stripe customer for that currency. A card that auto-renewing plans charge cannot be
 * deleted; changing it moves those plans to the new card once Stripe says the new one is set up.
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCard } from '../../../shared/schemas/payments.js';
import { getAccount } from '../../data/accounts.js';
import { getPaymentCustomerId, savePaymentCustomerId } from '../../data/payment-customers.js';
import { listPlans, moveRenewals, plansChargingCard } from '../../data/plans.js';
import { currentPricebook } from './pricebook.js';
import { createCustomer, createSetupIntent, detachCard, listCards as listStripeCards, retrieveCard, type SavedCard } from './payments/stripe-adapter.js';

async function checkedCurrency(currency: string): Promise<string> {
  if (!(await currentPricebook()).forex.some((entry) => entry.name === currency)) throw new AppError(ERROR_CODES.INVALID_INPUT, `currencyName: ${currency} is not one the pricebook sells in.`);
  return currency;
}

/** The account's customer in `currency`, made on first use. */
export async function customerFor(tuid: string, currency: string, now: Date): Promise<string> {
  const known = await getPaymentCustomerId(tuid, currency);
  if (known) return known;
  const account = await getAccount(tuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The account no longer exists.');
  const created = await createCustomer({ tuid, currency, email: account.login, name: account.fullname });
  return savePaymentCustomerId(tuid, currency, created, now);
}

/** A card of this account's customer; another customer's card answers "not found", as a card that never existed does. */
export async function ownCard(tuid: string, currency: string, paymentMethodId: string): Promise<SavedCard & { customerId: string }> {
  const customerId = await getPaymentCustomerId(tuid, currency);
  const card = customerId ? await retrieveCard(paymentMethodId) : null;
  if (!customerId || !card || card.customerId !== customerId) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'That card is not one of this account\'s cards.');
  return { ...card, customerId };
}

export async function listCards({ tuid, currency, now }: { tuid: string; currency: string; now: Date }): Promise<{ validCardsList: TCard[] }> {
  const customerId = await getPaymentCustomerId(tuid, await checkedCurrency(currency));
  if (!customerId) return { validCardsList: [] };
  const [cards, plans] = await Promise.all([listStripeCards(customerId), listPlans(tuid)]);
  return {
    validCardsList: cards.map((card) => ({
      id: card.id,
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      orderCount: plansChargingCard(plans, card.id, now).length,
    })),
  };
}

export async function countPlansByCard({ tuid, cardId, now }: { tuid: string; cardId: string; now: Date }): Promise<{ count: number }> {
  return { count: plansChargingCard(await listPlans(tuid), cardId, now).length };
}

type SetupIntentAnswer = { data: { setupIntent: { id: string; client_secret: string } } };

/** PUT card/add: a SetupIntent the browser confirms with the card details; Stripe attaches the card to the customer. */
export async function startAddCard({ tuid, currency, now }: { tuid: string; currency: string; now: Date }): Promise<SetupIntentAnswer> {
  const customerId = await customerFor(tuid, await checkedCurrency(currency), now);
  const intent = await createSetupIntent(customerId, { tuid, currency });
  return { data: { setupIntent: { id: intent.id, client_secret: intent.clientSecret } } };
}

/** POST card/update: like add, and the new card takes over the old one's plans when its setup succeeds. */
export async function startChangeCard({ tuid, currency, paymentMethod }: { tuid: string; currency: string; paymentMethod: string }): Promise<SetupIntentAnswer> {
  const old = await ownCard(tuid, await checkedCurrency(currency), paymentMethod);
  const intent = await createSetupIntent(old.customerId, { tuid, currency, replaces: old.id });
  return { data: { setupIntent: { id: intent.id, client_secret: intent.clientSecret } } };
}

export async function deleteCard({ tuid, currency, paymentMethodId, cardId, now }: { tuid: string; currency: string; paymentMethodId: string; cardId: string; now: Date }): Promise<{ status: 'ok' }> {
  if (cardId !== paymentMethodId) throw new AppError(ERROR_CODES.INVALID_INPUT, 'cardId: names another card than paymentMethodId.');
  const card = await ownCard(tuid, await checkedCurrency(currency), paymentMethodId);
  if (plansChargingCard(await listPlans(tuid), card.id, now).length > 0) {
    throw new AppError(ERROR_CODES.CARD_IN_USE, 'Plans renew with this card: move them to another card or turn off their auto-renewal first.');
  }
  await detachCard(card.id);
  return { status: 'ok' };
}

/** Stripe set up a card that replaces another: the old card's plans renew with the new one and the old card is removed. */
export async function completeCardChange({ tuid, replaces, newPaymentMethodId, now }: { tuid: string; replaces: string; newPaymentMethodId: string; now: Date }): Promise<void> {
  await moveRenewals(tuid, plansChargingCard(await listPlans(tuid), replaces, now), newPaymentMethodId);
  const old = await retrieveCard(replaces);
  if (old?.customerId) await detachCard(replaces);
}
