/**
 * The shopping cart card, the item edit dialog and the buy-credits dialog (billing §2, §4, §5)
 * against a fake cart API that prices its lines with the shared pricing module, as the server
 * does: what is typed is rounded to the price list on Enter, blur or a 1-second pause, the slider
 * offers only quantities the price list sells, the totals and a cycle change (sent once, 800 ms
 * after the last click) follow the cart's answer, and a locked cart changes nothing.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceItem, sortCartItems, type PaymentCycle } from '../../shared/domain/pricing.js';
import { ERROR_CODES } from '../../shared/errors.js';
import { ZStorageUsage } from '../../shared/schemas/file-manager.js';
import { ZCart, ZPricebookResponse, type TCart } from '../../shared/schemas/shopping-cart.js';
import { ShoppingCartCard } from '../../web/src/shopping-cart/shopping-cart-card.js';
import { BuyCreditsButton } from '../../web/src/shopping-cart/buy-credits-button.js';
import book from '../../functions/services/billing/pricebooks/2026-12.json' with { type: 'json' };
import { installFakeApi, type FakeApi } from './fake-api.js';
import { findAddress, findButton, renderPage, serveUserInfo, signIn } from './render-page.js';

const CART = '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart';
const MIB = 1024 * 1024;
const pricebook = ZPricebookResponse.parse({ data: book }).data;

type Line = { itemType: 'email' | 'sms' | 'filestorage'; planType: 'monthly' | 'refill'; quantity: number };
type CartState = { currency: string; paymentCycle: TCart['paymentCycle']; lines: Line[] };

/** The cart routes as the server answers them: one line per product and plan type, priced from the pricebook. */
function serveCart(api: FakeApi, initial: Partial<CartState> = {}): CartState {
  const state: CartState = { currency: 'HKD', paymentCycle: 'monthly', lines: [], ...initial };
  const cart = (): TCart => {
    const result = sortCartItems(state.lines.map((line) => ({ ...line, kind: line.itemType }))).map((line) => {
      const cycle: PaymentCycle = line.planType === 'monthly' ? state.paymentCycle : 'oneoff';
      const { charge } = priceItem(pricebook, { kind: line.itemType, planType: line.planType, quantity: line.quantity, cycle }, state.currency);
      return { id: `${line.itemType}-${line.planType}`, itemType: line.itemType, planType: line.planType, quantity: line.quantity, paymentCycle: cycle, price: charge, currency: state.currency };
    });
    return { count: result.length, result, currency: state.currency, paymentCycle: state.paymentCycle };
  };
  api.on('GET', CART, ZCart).answer(cart);
  api.on('GET', `${CART}/pricebook`, ZPricebookResponse).answer(() => ({ data: pricebook }));
  api.on('POST', CART, ZCart).answer((request) => {
    const body = request.body as { itemtype: Line['itemType']; type: Line['planType']; quantity: number };
    state.lines = [...state.lines.filter((line) => line.itemType !== body.itemtype || line.planType !== body.type), { itemType: body.itemtype, planType: body.type, quantity: body.quantity }];
    return cart();
  });
  api.on('DELETE', CART, ZCart).answer((request) => {
    const { id } = request.body as { id: string };
    state.lines = state.lines.filter((line) => `${line.itemType}-${line.planType}` !== id);
    return cart();
  });
  api.on('POST', `${CART}/paycycle`, ZCart).answer((request) => {
    state.paymentCycle = (request.body as { paymentCycle: CartState['paymentCycle'] }).paymentCycle;
    return cart();
  });
  api.on('POST', `${CART}/currency`, ZCart).answer((request) => {
    state.currency = (request.body as { currency: string }).currency;
    return cart();
  });
  return state;
}

function renderCard(onReadyChange = vi.fn()) {
  renderPage(<ShoppingCartCard onReadyChange={onReadyChange} />, { url: '/checkout?mode=buy', routePath: '/checkout' });
  return onReadyChange;
}

const quantityInput = (testId: string) => screen.findByTestId(`${testId}-input`) as Promise<HTMLInputElement>;

/** The card's delays on a clock the test moves: only setTimeout is faked, so the fake API and React still run on their own. */
function useTimerClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Back to real time, once what is due has run (swr forgets a finished request on a timer: a dropped one would keep it for the next test). */
async function releaseClock() {
  await act(() => vi.advanceTimersByTimeAsync(50));
  vi.useRealTimers();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('shopping cart card', () => {
  it('fills an empty cart: a typed quantity rounded on Enter, added, priced and totalled, the page told it may go on; another currency prices it again', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api);
    const onReadyChange = renderCard();
    expect(await screen.findByTestId('cart-card-empty')).toBeTruthy();
    expect(onReadyChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByTestId('cart-region-note').textContent).toBe('Prices apply to online payment in Hong Kong.');

    // Act: SMS, pay as you go; 250 typed is sold as 500.
    fireEvent.change(screen.getByTestId('cart-add-kind'), { target: { value: 'sms' } });
    const input = await quantityInput('cart-add-quantity');
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('500'));
    fireEvent.click(screen.getByTestId('cart-add-submit'));

    // Assess: 500 SMS at the first row's rate (HK$60 per 100) is HK$300, paid once.
    const line = await screen.findByTestId('cart-line');
    expect(api.sent('POST', CART).map((request) => request.body)).toEqual([{ itemtype: 'sms', type: 'refill', quantity: 500 }]);
    expect(line.dataset.quantity).toBe('500');
    expect(within(line).getByTestId('cart-line-price').textContent).toBe('HK$300.00');
    expect(screen.getByTestId('cart-total-oneTime').textContent).toBe('HK$300.00');
    expect(screen.getByTestId('cart-total-recurring').textContent).toBe('HK$0.00');
    await waitFor(() => expect(onReadyChange).toHaveBeenLastCalledWith(true));

    // Act: into New Taiwan dollars, charged in whole units.
    fireEvent.change(screen.getByTestId('cart-currency'), { target: { value: 'TWD' } });

    // Assess: HK$300 at 4.1.
    await waitFor(() => expect(screen.getByTestId('cart-line-price').textContent).toBe('NT$1,230'));
    expect(api.sent('POST', `${CART}/currency`).map((request) => request.body)).toEqual([{ currency: 'TWD' }]);
    expect(screen.getByTestId('cart-total-oneTime').textContent).toBe('NT$1,230');
  });

  it('rounds a typed quantity on blur, and after a 1-second pause; the slider skips quantities the price list does not sell', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api);
    renderCard();
    fireEvent.change(await screen.findByTestId('cart-add-kind'), { target: { value: 'email' } });
    const input = await quantityInput('cart-add-quantity');

    // Act and assess: email beyond 1,000 goes up to 2 significant digits on blur.
    fireEvent.change(input, { target: { value: '1234' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('1300'));

    // Act and assess: a pause applies what was typed; until then it stays as typed.
    useTimerClock();
    fireEvent.change(input, { target: { value: '601' } });
    expect(input.value).toBe('601');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(input.value).toBe('601');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(input.value).toBe('1000');
    await releaseClock();

    // Act and assess: SMS's second slider position is 500 (200–400 are sold as 500), its eleventh 2,000.
    fireEvent.change(screen.getByTestId('cart-add-kind'), { target: { value: 'sms' } });
    const slider = (await screen.findByTestId('cart-add-quantity-slider')) as HTMLInputElement;
    fireEvent.change(slider, { target: { value: '1' } });
    await waitFor(() => expect((screen.getByTestId('cart-add-quantity-input') as HTMLInputElement).value).toBe('500'));
    fireEvent.change(slider, { target: { value: '7' } });
    await waitFor(() => expect((screen.getByTestId('cart-add-quantity-input') as HTMLInputElement).value).toBe('2000'));
    // The input takes no more digits than the item allows (SMS 8).
    expect((screen.getByTestId('cart-add-quantity-input') as HTMLInputElement).maxLength).toBe(8);
  });

  it('sends a cycle change once, 800 ms after the last click, and shows the totals the cart answers', async () => {
    // Prepare: 10,000 email credits on a monthly plan (HK$150 a month).
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api, { lines: [{ itemType: 'email', planType: 'monthly', quantity: 10_000 }] });
    renderCard();
    expect((await screen.findByTestId('cart-total-recurring')).textContent).toBe('HK$150.00');
    expect(screen.getByTestId('cart-cycle-discount-annually').textContent).toBe('Save 50%');

    // Act
    useTimerClock();
    fireEvent.click(screen.getByTestId('cart-cycle-quarterly'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(screen.getByTestId('cart-cycle-annually'));
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(api.sent('POST', `${CART}/paycycle`)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await releaseClock();

    // Assess: a year is twelve months less 50%.
    await waitFor(() => expect(screen.getByTestId('cart-total-recurring').textContent).toBe('HK$900.00'));
    expect(api.sent('POST', `${CART}/paycycle`).map((request) => request.body)).toEqual([{ paymentCycle: 'annually' }]);
    expect(screen.getByTestId('cart-total-subtotal').textContent).toBe('HK$1,800.00');
    expect(screen.getByTestId('cart-total-rebate').textContent).toBe('−HK$900.00');
    expect(screen.getByTestId('cart-cycle-annually').getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the error dialog when a currency change fails, and reads the cart again 5 s later', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api, { lines: [{ itemType: 'sms', planType: 'refill', quantity: 500 }] });
    api.fail('POST', `${CART}/currency`, ERROR_CODES.INVALID_INPUT);
    renderCard();
    await screen.findByTestId('cart-line');
    const readsBefore = api.sent('GET', CART).length;
    // The error dialog's code loads with the first error: loaded here, it opens while the clock stands still.
    await import('../../web/src/components/error-dialog-view.js');

    // Act
    useTimerClock();
    fireEvent.change(screen.getByTestId('cart-currency'), { target: { value: 'USD' } });

    // Assess
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByTestId('error-dialog')).toBeTruthy();
    expect(api.sent('GET', CART).length).toBe(readsBefore);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await releaseClock();
    await waitFor(() => expect(api.sent('GET', CART).length).toBe(readsBefore + 1));
    expect((screen.getByTestId('cart-currency') as HTMLSelectElement).value).toBe('HKD');
    // The error dialog's queue outlives the test: it is closed as a user would.
    fireEvent.click(await findButton(screen.getByTestId('error-dialog'), 'OK'));
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
  });

  it('keeps a locked cart as it is: no currency, cycle, edit, remove or add', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveUserInfo(api, { isShoppingCartLocked: true });
    serveCart(api, { lines: [{ itemType: 'email', planType: 'monthly', quantity: 10_000 }] });

    // Act
    renderCard();

    // Assess
    expect(await screen.findByTestId('cart-locked')).toBeTruthy();
    expect((screen.getByTestId('cart-currency') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByTestId('cart-cycle-quarterly') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('cart-line-menu') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('cart-add-open')).toBeNull();
    expect(screen.queryByTestId('cart-add')).toBeNull();
  });

  it('shows an error state whose retry loads the cart; a line removed from its menu leaves the empty state', async () => {
    // Prepare
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api, { lines: [{ itemType: 'sms', planType: 'refill', quantity: 500 }] });
    api.fail('GET', CART, ERROR_CODES.GENERIC);
    renderCard();
    const error = await screen.findByTestId('cart-card-error');

    // Act
    serveCart(api, { lines: [{ itemType: 'sms', planType: 'refill', quantity: 500 }] });
    fireEvent.click(within(error).getByText('Try again'));

    // Assess
    expect((await screen.findByTestId('cart-line')).dataset.kind).toBe('sms');

    // Act
    fireEvent.click(screen.getByTestId('cart-line-menu'));
    fireEvent.click(await screen.findByTestId('cart-line-remove'));

    // Assess
    expect(await screen.findByTestId('cart-card-empty')).toBeTruthy();
    expect(api.sent('DELETE', CART).map((request) => request.body)).toEqual([{ id: 'sms-refill' }]);
  });
});

describe('item edit dialog', () => {
  it('refuses a storage plan the files do not fit with the free 50 MB, and saves one they fit', async () => {
    // Prepare: the files use 600 MB; a 500 MB plan holds 550 MB.
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api, { lines: [{ itemType: 'filestorage', planType: 'monthly', quantity: 500 }] });
    api.on('GET', '/api/v1/pageBasedAPI/file-manager/usage', ZStorageUsage).answer(() => ({ usedBytes: 600 * MIB, quotaBytes: 550 * MIB, fileCount: 12 }));
    renderCard();
    fireEvent.click(await screen.findByTestId('cart-line-menu'));
    fireEvent.click(await screen.findByTestId('cart-line-edit'));
    const dialog = await screen.findByTestId('cart-edit-dialog');

    // Assess: Confirm is disabled with the reason shown.
    expect(await within(dialog).findByTestId('cart-edit-storage-short')).toBeTruthy();
    const confirm = await findButton(dialog, 'Confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByTestId('cart-edit-total').textContent).toBe('HK$30.00');

    // Act: the next row, 2,000 MB.
    fireEvent.change(within(dialog).getByTestId('cart-edit-quantity-slider'), { target: { value: '1' } });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog).getByTestId('cart-edit-total').textContent).toBe('HK$100.00');
    fireEvent.click(confirm);

    // Assess
    await waitFor(() => expect(screen.getByTestId('cart-line').dataset.quantity).toBe('2000'));
    expect(api.sent('POST', CART).map((request) => request.body)).toEqual([{ id: 'filestorage-monthly', itemtype: 'filestorage', type: 'monthly', quantity: 2_000 }]);
  });
});

describe('buy-credits dialog', () => {
  it("offers an SMS send's shortfall rounded to the price list, puts it in the cart and goes to the checkout", async () => {
    // Prepare: 230 credits short.
    signIn();
    const api = installFakeApi();
    serveUserInfo(api);
    serveCart(api);
    renderPage(<BuyCreditsButton wishes={[{ kind: 'sms', quantity: 230 }]} label="Buy SMS credits" testId="buy" />, { url: '/sms', routePath: '/sms' });

    // Act
    fireEvent.click(await screen.findByTestId('buy'));
    const dialog = await screen.findByTestId('buy-credits-dialog');

    // Assess: 500 credits, HK$300.
    await waitFor(() => expect((within(dialog).getByTestId('buy-credits-sms-quantity-input') as HTMLInputElement).value).toBe('500'));
    expect(within(dialog).getByTestId('buy-credits-total').textContent).toBe('HK$300.00');

    // Act
    fireEvent.click(await findButton(dialog, 'Add to cart and check out'));

    // Assess
    expect(await findAddress()).toBe('/checkout?mode=buy');
    expect(api.sent('POST', CART).map((request) => request.body)).toEqual([{ itemtype: 'sms', type: 'refill', quantity: 500 }]);
  });
});
