/**
 * Card entry for the card dialogs and the checkout, behind one component and one interface:
 * `<CardPayments>` wraps a page (Stripe Elements when GET /config gives a publishable key, the
 * local Stripe stand-in's test-mode form when it names a stand-in), `<CardEntry>` is the card
 * field anywhere inside, and `useCardPayments()` gives the CardProvider (card-provider.ts) that
 * confirms setup and payment intents, 3-D Secure included. Paying with a saved card needs no
 * card field.
 */
import { Box, Text } from '@chakra-ui/react';
import { Elements } from '@stripe/react-stripe-js';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.js';
import { isLanguage } from '../../i18n/index.js';
import { cardModeOf, type CardEntryChange, type CardMode, type CardProvider } from './card-provider.js';
import { StandInCardEntry, standInCardProvider, type CardFrameRegistry } from './stand-in-card.js';
import { elementsLocaleOf, StripeCardEntry, stripeFor, useStripeCardProvider } from './stripe-card.js';

type CardPaymentsValue = { mode: CardMode; configLoaded: boolean; provider: CardProvider | null; registry: CardFrameRegistry };

const CardPaymentsContext = createContext<CardPaymentsValue | null>(null);

export function CardPayments({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  const mode = useMemo(() => cardModeOf(config?.stripe), [config?.stripe]);
  const { i18n } = useTranslation();
  if (mode.kind === 'stripe') {
    const locale = elementsLocaleOf(isLanguage(i18n.language) ? i18n.language : 'en');
    return (
      <Elements stripe={stripeFor(mode.publishableKey)} options={{ locale }}>
        <StripeCardPayments mode={mode}>{children}</StripeCardPayments>
      </Elements>
    );
  }
  return (
    <StandInCardPayments mode={mode} configLoaded={config !== undefined}>
      {children}
    </StandInCardPayments>
  );
}

function StripeCardPayments({ mode, children }: { mode: CardMode; children: ReactNode }) {
  const provider = useStripeCardProvider();
  const registry = useRef<HTMLIFrameElement>(null);
  const value = useMemo(() => ({ mode, configLoaded: true, provider, registry }), [mode, provider]);
  return <CardPaymentsContext.Provider value={value}>{children}</CardPaymentsContext.Provider>;
}

/** The stand-in's mode, and no mode at all (config loading, or no key). */
function StandInCardPayments({ mode, configLoaded, children }: { mode: CardMode; configLoaded: boolean; children: ReactNode }) {
  const registry = useRef<HTMLIFrameElement>(null);
  const provider = useMemo(() => (mode.kind === 'stand-in' ? standInCardProvider(mode.standInUrl, mode.publishableKey, registry) : null), [mode]);
  const value = useMemo(() => ({ mode, configLoaded, provider, registry }), [mode, configLoaded, provider]);
  return <CardPaymentsContext.Provider value={value}>{children}</CardPaymentsContext.Provider>;
}

function useCardPaymentsValue(): CardPaymentsValue {
  const value = useContext(CardPaymentsContext);
  if (!value) throw new Error('Card entry needs <CardPayments> around it');
  return value;
}

/** Confirms setup and payment intents; null until the card service is ready (or when cards cannot be taken). */
export function useCardPayments(): CardProvider | null {
  return useCardPaymentsValue().provider;
}

/**
 * The card field. `onChange` hears `{complete, empty, error}` on every change; the card service's
 * own message shows below the field, and "incomplete" once `showIncomplete` is set (after a submit).
 */
export function CardEntry({ onChange, showIncomplete = false }: { onChange?: (change: CardEntryChange) => void; showIncomplete?: boolean }) {
  const { t } = useTranslation('card-entry');
  const { mode, configLoaded, registry } = useCardPaymentsValue();
  const [change, setChange] = useState<CardEntryChange>({ complete: false, empty: true, error: null });
  const changed = (next: CardEntryChange) => {
    setChange(next);
    onChange?.(next);
  };
  if (mode.kind === 'none') return configLoaded ? <Text color="fg.error">{t('unavailable')}</Text> : null;
  const message = change.error?.message || (showIncomplete && !change.complete ? t('incomplete') : null);
  return (
    <Box>
      <Box
        aria-label={t('label')}
        role="group"
        // Elements' field is bare; the stand-in's form draws its own border.
        {...(mode.kind === 'stripe' ? { borderWidth: '1px', borderRadius: 'md', borderColor: message ? 'border.error' : 'border', px: '3', py: '2.5' } : {})}
      >
        {mode.kind === 'stripe' ? <StripeCardEntry onChange={changed} /> : <StandInCardEntry standInUrl={mode.standInUrl} registry={registry} onChange={changed} />}
      </Box>
      {message ? (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {message}
        </Text>
      ) : null}
    </Box>
  );
}
