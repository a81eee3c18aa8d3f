/**
 * How many of an item (billing §5): a slider labelled 'Slide Me!' over the quantities the price
 * list sells, and an input for any quantity up to the item's digits. What is typed applies after a
 * 1-second pause, on blur or on Enter, rounded to the price list's steps by the shared pricing
 * module, so the cart is only ever asked for a quantity the server sells.
 *
 * The slider is a native range over the stops' positions, not Chakra's Slider: the steps are not
 * uniform (SMS 100 then 1,000; email 400, 1,000, 10,000, 100,000), and its recipe would join the
 * theme that every page loads.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { chakra, Flex, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MAX_INPUT_DIGITS, quantityStops, roundQuantity, type PlanType, type Pricebook, type ProductKind } from '../../../shared/domain/pricing.js';

/** Billing §9: typed credits apply after this pause. */
export const QUANTITY_INPUT_DELAY_MS = 1_000;


type Props = {
  book: Pricebook;
  kind: ProductKind;
  planType: PlanType;
  value: number;
  onChange(quantity: number): void;
  disabled?: boolean;
  testId: string;
};

export function QuantityField({ book, kind, planType, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation('shopping-cart');
  const inputId = useId();
  const stops = quantityStops(book, kind, planType);
  const [typed, setTyped] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (text: string) => {
    clearTimeout(timer.current);
    setTyped(null);
    const entered = Number(text);
    if (text === '' || !Number.isFinite(entered) || entered <= 0) return;
    const rounded = roundQuantity(book, kind, planType, entered);
    if (rounded !== value) onChange(rounded);
  };
  const type = (text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, MAX_INPUT_DIGITS[kind] ?? 10);
    setTyped(digits);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(digits), QUANTITY_INPUT_DELAY_MS);
  };
  // The slider sits at the first stop that holds the quantity; a typed quantity beyond its last stop keeps it at the end.
  const reached = stops.findIndex((stop) => stop >= value);
  const index = reached === -1 ? stops.length - 1 : reached;

  return (
    <Stack gap="2" data-testid={testId}>
      <Flex gap="4" align="center">
        <Stack gap="1" flex="1">
          <chakra.label htmlFor={`${inputId}-slider`} fontSize="sm" fontWeight="medium">
            {t('slider')}
          </chakra.label>
          <chakra.input
            id={`${inputId}-slider`}
            type="range"
            min={0}
            max={stops.length - 1}
            step={1}
            value={index}
            disabled={disabled}
            onChange={(event) => {
              clearTimeout(timer.current);
              setTyped(null);
              onChange(stops[Number(event.currentTarget.value)]);
            }}
            aria-valuetext={String(value)}
            accentColor="brand.solid"
            w="full"
            data-testid={`${testId}-slider`}
          />
        </Stack>
        <Stack gap="1" w="36">
          <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="medium">
            {t('quantity')}
          </chakra.label>
          <Input
            id={inputId}
            size="sm"
            inputMode="numeric"
            maxLength={MAX_INPUT_DIGITS[kind]}
            value={typed ?? String(value)}
            disabled={disabled}
            onChange={(event) => type(event.currentTarget.value)}
            onBlur={() => typed !== null && apply(typed)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter applies the quantity; it does not submit the dialog around the field.
              event.preventDefault();
              if (typed !== null) apply(typed);
            }}
            data-testid={`${testId}-input`}
          />
        </Stack>
      </Flex>
    </Stack>
  );
}
