/**
 * Two or three exclusive choices as attached toggle buttons (SMS or MMS, desktop or phone width).
 * Buttons rather than Chakra's SegmentGroup: its anatomy would become one more file of the
 * initial bundle, which the theme shares with every page.
 */
import type { ReactNode } from 'react';
import { Button, ButtonGroup } from '@chakra-ui/react';

type Props<T extends string> = {
  value: T;
  /** A label may carry more than text (a discount chip). */
  choices: readonly { value: T; label: ReactNode }[];
  onChange(value: T): void;
  label: string;
  testId: string;
  disabled?: boolean;
};

export function ChoiceButtons<T extends string>({ value, choices, onChange, label, testId, disabled }: Props<T>) {
  return (
    <ButtonGroup size="sm" attached role="group" aria-label={label} data-testid={testId}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          variant={choice.value === value ? 'solid' : 'outline'}
          aria-pressed={choice.value === value}
          disabled={disabled}
          onClick={() => onChange(choice.value)}
          data-testid={`${testId}-${choice.value}`}
        >
          {choice.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
