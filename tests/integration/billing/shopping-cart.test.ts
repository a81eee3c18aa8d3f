/**
 * The buy cart (billing §2, §4, §7): the server prices every line from the pricebook, in the cart's
 * one currency and pay cycle, refuses a quantity off the price list, and tells the user's tabs the
 * new count. Through the local host, with a socket open as a browser tab would have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentPricebook, getPricebook, savePricebook } from '../../../functions/data/pricebooks.js';
import { deployedPricebook } from '../../../functions/services/billing/pricebook.js';
import { priceItem } from '../../../shared/domain/pricing.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCart } from '../../../shared/schemas/shopping-cart.js';
import { call } from '../../helpers/api.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { openTab, signUp } from '../../helpers/socket-clients.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.stop());

const CART = '/plansAndBillings/shoppingCart';

describe('shopping cart', () => {
  it('prices lines itself, re-prices them for a currency and a pay cycle, and pushes the count to the tabs', async () => {
    // Prepare
    const buyer = await signUp(host, 'cart-buyer@example.com');
    const tab = await openTab(host, buyer.token, 'cart-1');
    const book = deployedPricebook();

    // Act
    const emailAdded = await call<TCart>(host.api, buyer, 'POST', CART, { itemtype: 'email', type: 'monthly', quantity: 20_000 });
    const smsAdded = await call<TCart>(host.api, buyer, 'POST', CART, { itemtype: 'sms', type: 'refill', quantity: 500 });
    const pushed = await tab.waitFor((received) => received.event === 'updateShoppingCart' && (received.data as { count: number }).count === 2);
    const smsChanged = await call<TCart>(host.api, buyer, 'POST', CART, { id: 'sms-refill', itemtype: 'sms', type: 'refill', quantity: 2_000 });
    const inUsd = await call<TCart>(host.api, buyer, 'POST', `${CART}/currency`, { currency: 'USD' });
    const yearly = await call<TCart>(host.api, buyer, 'POST', `${CART}/paycycle`, { paymentCycle: 'annually' });
    const read = await call<TCart>(host.api, buyer, 'GET', CART);
    const removed = await call<TCart>(host.api, buyer, 'DELETE', CART, { id: 'email-monthly' });
    const count = await call<{ count: number }>(host.api, buyer, 'GET', `${CART}/count`);

    // Assess
    expect(emailAdded.status).toBe(200);
    expect(emailAdded.body.result).toEqual([
      { id: 'email-monthly', itemType: 'email', planType: 'monthly', quantity: 20_000, paymentCycle: 'monthly', currency: 'HKD', price: priceItem(book, { kind: 'email', planType: 'monthly', quantity: 20_000, cycle: 'monthly' }, 'HKD').charge },
    ]);
    expect(smsAdded.body.count).toBe(2);
    expect(pushed).toEqual({ event: 'updateShoppingCart', userId: buyer.userId, data: { count: 2 } });
    // Adding the same product again changes its line, it does not add a second.
    expect(smsChanged.body.result.map((line) => [line.id, line.quantity])).toEqual([['email-monthly', 20_000], ['sms-refill', 2_000]]);
    expect(inUsd.body.currency).toBe('USD');
    expect(inUsd.body.result.map((line) => [line.currency, line.price])).toEqual([
      ['USD', priceItem(book, { kind: 'email', planType: 'monthly', quantity: 20_000, cycle: 'monthly' }, 'USD').charge],
      ['USD', priceItem(book, { kind: 'sms', planType: 'refill', quantity: 2_000, cycle: 'oneoff' }, 'USD').charge],
    ]);
    // The pay cycle is the monthly plans'; pay as you go stays one-off.
    expect(yearly.body.result.map((line) => [line.id, line.paymentCycle, line.price])).toEqual([
      ['email-monthly', 'annually', priceItem(book, { kind: 'email', planType: 'monthly', quantity: 20_000, cycle: 'annually' }, 'USD').charge],
      ['sms-refill', 'oneoff', inUsd.body.result[1].price],
    ]);
    expect(read.body).toEqual(yearly.body);
    expect(removed.body.result.map((line) => line.id)).toEqual(['sms-refill']);
    expect(count.body).toEqual({ count: 1 });
    tab.close();
  });

  it('refuses what the price list does not sell, in the error shape, and changes nothing', async () => {
    // Prepare
    const buyer = await signUp(host, 'cart-tamper@example.com');
    await call(host.api, buyer, 'POST', CART, { itemtype: 'sms', type: 'refill', quantity: 100 });
    const before = (await call<TCart>(host.api, buyer, 'GET', CART)).body;

    // Act
    const answers = await Promise.all([
      call(host.api, buyer, 'POST', CART, { itemtype: 'sms', type: 'refill', quantity: 150 }),
      call(host.api, buyer, 'POST', CART, { itemtype: 'sms', type: 'refill', quantity: 100, price: 1 }),
      call(host.api, buyer, 'POST', CART, { itemtype: 'filestorage', type: 'refill', quantity: 500 }),
      call(host.api, buyer, 'POST', CART, { itemtype: 'ip', type: 'monthly', quantity: 1 }),
      call(host.api, buyer, 'POST', CART, { itemtype: 'email', type: 'monthly', quantity: 20_000_000 }),
      call(host.api, buyer, 'POST', CART, { id: 'email-monthly', itemtype: 'email', type: 'monthly', quantity: 1_000 }),
      call(host.api, buyer, 'POST', `${CART}/currency`, { currency: 'XYZ' }),
      call(host.api, buyer, 'POST', `${CART}/paycycle`, { paymentCycle: 'oneoff' }),
    ]);

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 404, 400, 400]);
    for (const answer of answers) expect(Object.keys(answer.body as object)).toContain('statusCode');
    expect((answers[0].body as { statusCode: string; message: string })).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT, message: 'quantity: 150 is not on the price list; the nearest is 500.' });
    expect((await call<TCart>(host.api, buyer, 'GET', CART)).body).toEqual(before);
  });

  it('answers the pricebook the cart is priced from', async () => {
    // Prepare
    const buyer = await signUp(host, 'cart-prices@example.com');

    // Act
    const answer = await call<{ data: { version: string; forex: Array<{ name: string }> } }>(host.api, buyer, 'GET', `${CART}/pricebook`);

    // Assess
    expect(answer.body.data.version).toBe(deployedPricebook().version);
    // The deployed file was loaded into the table, where the pricebook in force is read from.
    expect(await getPricebook(deployedPricebook().version)).toEqual(deployedPricebook());
    expect(answer.body.data.forex.map((currency) => currency.name)).toEqual(['CNY', 'HKD', 'SGD', 'TWD', 'USD']);
  });

  it('answers one cart line\'s price with its currency, and not-found for a line not in the cart', async () => {
    // Prepare
    const buyer = await signUp(host, 'cart-single-price@example.com');
    await call(host.api, buyer, 'POST', CART, { itemtype: 'email', type: 'monthly', quantity: 20_000 });
    await call(host.api, buyer, 'POST', `${CART}/currency`, { currency: 'TWD' });

    // Act
    const found = await call(host.api, buyer, 'GET', `${CART}/pricebook/email-monthly`);
    const missing = await call(host.api, buyer, 'GET', `${CART}/pricebook/sms-refill`);

    // Assess
    const twd = deployedPricebook().forex.find((currency) => currency.name === 'TWD')!;
    expect(found.body).toEqual({
      price: priceItem(deployedPricebook(), { kind: 'email', planType: 'monthly', quantity: 20_000, cycle: 'monthly' }, 'TWD').charge,
      planType: 'monthly',
      name: 'TWD',
      rate: twd.rate,
      symbol: twd.symbol,
      allowDecimal: twd.allowDecimal,
      country: deployedPricebook().region,
    });
    expect(missing.status).toBe(404);
  });

  it('keeps each pricebook version once and makes only a later one current', async () => {
    // Prepare
    const book = deployedPricebook();
    const now = new Date();

    await savePricebook(book, now);

    // Act
    await savePricebook({ ...book, version: '2020-01', region: 'Elsewhere' }, now);
    const afterOlder = await getCurrentPricebook();
    await savePricebook({ ...book, region: 'Rewritten' }, now);
    const afterSame = await getPricebook(book.version);
    await savePricebook({ ...book, version: '2099-01' }, now);

    // Assess
    expect(afterOlder?.version).toBe(book.version);
    expect(afterSame?.region).toBe(book.region);
    expect((await getCurrentPricebook())?.version).toBe('2099-01');
    expect((await getPricebook('2020-01'))?.region).toBe('Elsewhere');
  });
});
