/**
 * Two or three exclusive choices as attached toggle buttons (SMS or MMS, desktop or phone width).
 * Buttons rather than Chakra's SegmentGroup: its anatomy would become one more file of the
 * initial bundle, which the theme shares with every page.
 */
import { Button, ButtonGroup } from '@chakra-ui/react';

type Props<T extends string> = {
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange(value: T): void;
  label: string;
  testId: string;
};

export function ChoiceButtons<T extends string>({ value, choices, onChange, label, testId }: Props<T>) {
  return (
    <ButtonGroup size="sm" attached role="group" aria-label={label} data-testid={testId}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          variant={choice.value === value ? 'solid' : 'outline'}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
          data-testid={`${testId}-${choice.value}`}
        >
          {choice.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
