/**
 * The payment step and its card list (billing §2, §4, §5): Pay Now waits for a chosen card, the
 * terms box and a non-empty cart; a single card is chosen by itself, several are a choice; a card
 * that plans renew with cannot be deleted (a message with OK only) and asks before it is changed;
 * any other card is deleted after a confirmation, with the ids the API expects.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZCardsResponse, ZStatusResponse, type TCard } from '../../shared/schemas/payments.js';
import { PaymentStep } from '../../web/src/routes/checkout/components/payment-step.js';
import { installFakeApi, type FakeApi } from './fake-api.js';
import { findButton, renderPage, signIn } from './render-page.js';

const PAYMENT = '/api/v1/pageBasedAPI/plansAndBillings/payment/stripe';

function card(last4: string, orderCount = 0): TCard {
  return { id: `pm_${last4}`, card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034 }, orderCount };
}

function serveCards(api: FakeApi, cards: TCard[]): void {
  api.on('GET', `${PAYMENT}/card/getCards/HKD`, ZCardsResponse).answer(() => ({ validCardsList: cards }));
}

function renderStep(options: { cartIsEmpty?: boolean } = {}) {
  const onPay = vi.fn();
  renderPage(<PaymentStep currency="HKD" cartIsEmpty={options.cartIsEmpty ?? false} unverified={false} paying={false} paymentError={null} total="HK$300.00" onPay={onPay} onBack={() => {}} />, { url: '/checkout', routePath: '/checkout' });
  return onPay;
}

const payNow = () => screen.getByTestId('checkout-pay');
const tickTerms = () => fireEvent.click(within(screen.getByTestId('checkout-terms')).getByRole('checkbox'));

describe('the payment step', () => {
  it('pays with the only card once the terms are ticked', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveCards(api, [card('4242')]);
    const onPay = renderStep();
    await screen.findByText('Card ending 4242');

    // Act
    const disabledBefore = payNow().hasAttribute('disabled');
    tickTerms();
    await waitFor(() => expect(payNow().hasAttribute('disabled')).toBe(false));
    fireEvent.click(payNow());

    // Assess
    expect(disabledBefore).toBe(true);
    expect(onPay).toHaveBeenCalledWith('pm_4242');
    expect(screen.getByTestId('checkout-total').textContent).toContain('HK$300.00');
  });

  it('asks for a choice among several cards, and never pays an empty cart', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveCards(api, [card('4242'), card('3155')]);
    renderStep({ cartIsEmpty: true });
    await screen.findByText('Card ending 3155');
    tickTerms();

    // Act
    fireEvent.click(within(screen.getByTestId('card-choice-3155')).getByRole('radio'));

    // Assess: chosen and ticked, but the cart is empty.
    await waitFor(() => expect(within(screen.getByTestId('card-choice-3155')).getByRole('radio')).toHaveProperty('checked', true));
    expect(payNow().hasAttribute('disabled')).toBe(true);
  });
});

describe('the card list', () => {
  it('refuses to delete a card plans renew with, with OK only, and warns before changing it', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveCards(api, [card('4242', 2)]);
    renderStep();
    await screen.findByText('Card ending 4242');

    // Act
    fireEvent.click(screen.getByTestId('card-menu-4242'));
    fireEvent.click(await screen.findByTestId('card-delete'));
    const inUse = await screen.findByTestId('card-in-use');
    const inUseButtons = within(inUse).getAllByRole('button').map((button) => button.textContent);
    fireEvent.click(await findButton(inUse, 'OK'));
    fireEvent.click(screen.getByTestId('card-menu-4242'));
    fireEvent.click(await screen.findByTestId('card-change'));
    const warning = await screen.findByTestId('card-change-warning');

    // Assess
    expect(inUse.textContent).toContain('2 plan(s) renew with this card');
    expect(inUseButtons.filter((label) => label?.trim())).toEqual(['OK']);
    expect(warning.textContent).toContain('They will renew with the new card');
    expect(api.sent('DELETE', `${PAYMENT}/card/delete`)).toEqual([]);
  });

  it('deletes a card no plan uses after a confirmation, naming it as the API expects', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveCards(api, [card('4242')]);
    api.on('DELETE', `${PAYMENT}/card/delete`, ZStatusResponse).answer(() => ({ status: 'ok' }));
    renderStep();
    await screen.findByText('Card ending 4242');

    // Act
    fireEvent.click(screen.getByTestId('card-menu-4242'));
    fireEvent.click(await screen.findByTestId('card-delete'));
    fireEvent.click(await screen.findByTestId('card-delete-dialog-confirm'));

    // Assess
    await waitFor(() => expect(api.sent('DELETE', `${PAYMENT}/card/delete`).map((request) => request.body)).toEqual([{ currencyName: 'HKD', paymentMethodId: 'pm_4242', cardId: 'pm_4242' }]));
  });
});
