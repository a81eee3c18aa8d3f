/**
 * Card entry (web/src/components/payments): GET /config decides between Stripe Elements (a
 * publishable key) and the local Stripe stand-in's card form (a stand-in address), and the card
 * field reports `{complete, empty, error}` either way, with the card service's message below it.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRIPE_STAND_IN_MESSAGE_SOURCE } from '../../shared/constants.js';
import { ZAppConfig, type TAppConfig } from '../../shared/schemas/config.js';
import type { CardEntryChange } from '../../web/src/components/payments/card-provider.js';
import { CardEntry, CardPayments, useCardPayments } from '../../web/src/components/payments/card-payments.js';
import { system } from '../../web/src/theme.js';
import { installFakeApi } from './fake-api.js';

/** Elements' card element as react-stripe-js drives it: mounted once, its change handlers kept. */
const elementHandlers = new Map<string, (event: unknown) => void>();
const fakeStripe = {
  elements: () => ({
    create: () => ({
      mount: () => {},
      destroy: () => {},
      update: () => {},
      on: (event: string, handler: (event: unknown) => void) => elementHandlers.set(event, handler),
      off: (event: string) => elementHandlers.delete(event),
    }),
    getElement: () => null,
    update: () => {},
  }),
  createToken: () => {},
  createPaymentMethod: () => {},
  confirmCardPayment: () => {},
  confirmCardSetup: () => {},
};
const loadStripe = vi.hoisted(() => vi.fn());
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const STAND_IN = 'http://127.0.0.1:9';

afterEach(() => {
  loadStripe.mockReset();
  elementHandlers.clear();
});

function serveConfig(stripe: TAppConfig['stripe']) {
  installFakeApi()
    .on('GET', '/config', ZAppConfig)
    .answer(() => ({ stage: 'test', websocketUrl: null, idleTime: 900_000, lockingEnabled: true, supportEmail: 's@example.com', supportPhone: '+852 0000 0000', stripe }));
}

function ProviderState() {
  return <p data-testid="provider">{useCardPayments() ? 'ready' : 'not ready'}</p>;
}

function renderEntry(showIncomplete = false) {
  const changes: CardEntryChange[] = [];
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ shouldRetryOnError: false, dedupingInterval: 0 }}>
        <CardPayments>
          <CardEntry onChange={(change) => changes.push(change)} showIncomplete={showIncomplete} />
          <ProviderState />
        </CardPayments>
      </SWRConfig>
    </ChakraProvider>,
  );
  return changes;
}

/** What the stand-in's card form posts to the app. */
function postFromFrame(frame: HTMLIFrameElement, data: Record<string, unknown>, origin = STAND_IN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { source: STRIPE_STAND_IN_MESSAGE_SOURCE, ...data }, origin, source: frame.contentWindow }));
  });
}

describe('card entry', () => {
  it("frames the stand-in's card form when the config names a stand-in, and reports its changes", async () => {
    // Prepare
    serveConfig({ publishableKey: 'pk_test_local', standInUrl: STAND_IN });
    const changes = renderEntry();
    const frame = (await screen.findByTestId('stand-in-card-frame')) as HTMLIFrameElement;

    // Act
    postFromFrame(frame, { type: 'change', complete: false, empty: false, error: null });
    postFromFrame(frame, { type: 'change', complete: false, empty: false, error: { code: 'invalid_number', message: 'Your card number is invalid.' } });
    postFromFrame(frame, { type: 'change', complete: true, empty: false, error: null }, 'http://elsewhere.example');
    postFromFrame(frame, { type: 'change', complete: true, empty: false, error: null });

    // Assess: another origin is not heard; the service's message showed while it stood
    expect(frame.src).toBe(`${STAND_IN}/_stand-in/elements/card?origin=${encodeURIComponent(window.location.origin)}`);
    expect(changes).toEqual([
      { complete: false, empty: false, error: null },
      { complete: false, empty: false, error: { code: 'invalid_number', message: 'Your card number is invalid.' } },
      { complete: true, empty: false, error: null },
    ]);
    expect(screen.getByTestId('provider').textContent).toBe('ready');
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('shows the card service’s message, and “incomplete” once asked to', async () => {
    serveConfig({ publishableKey: 'pk_test_local', standInUrl: STAND_IN });
    renderEntry(true);
    const frame = (await screen.findByTestId('stand-in-card-frame')) as HTMLIFrameElement;

    expect((await screen.findByRole('alert')).textContent).toBe('Your card details are incomplete.');
    postFromFrame(frame, { type: 'change', complete: false, empty: false, error: { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." } });
    expect(screen.getByRole('alert').textContent).toBe("Your card's expiration year is in the past.");
    postFromFrame(frame, { type: 'change', complete: true, empty: false, error: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uses Stripe Elements with a publishable key and no stand-in, and reports its changes', async () => {
    // Prepare
    loadStripe.mockResolvedValue(fakeStripe);
    serveConfig({ publishableKey: 'pk_test_real', standInUrl: null });
    const changes = renderEntry();
    await vi.waitFor(() => expect(elementHandlers.has('change')).toBe(true));

    // Act
    act(() => elementHandlers.get('change')!({ elementType: 'card', complete: false, empty: false, error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } }));
    act(() => elementHandlers.get('change')!({ elementType: 'card', complete: true, empty: false, error: undefined }));

    // Assess
    expect(loadStripe).toHaveBeenCalledWith('pk_test_real');
    expect(changes).toEqual([
      { complete: false, empty: false, error: { code: 'incomplete_number', message: 'Your card number is incomplete.' } },
      { complete: true, empty: false, error: null },
    ]);
    expect(screen.queryByTestId('stand-in-card-frame')).toBeNull();
    expect(screen.getByTestId('provider').textContent).toBe('ready');
  });

  it('says cards cannot be taken when the config has no publishable key', async () => {
    serveConfig({ publishableKey: null, standInUrl: null });
    renderEntry();
    expect(await screen.findByText('Card payments are not available right now.')).toBeTruthy();
    expect(screen.getByTestId('provider').textContent).toBe('not ready');
  });
});
