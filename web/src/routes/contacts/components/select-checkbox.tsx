/** A row or page selection box whose label is read by screen readers only. */
import { Checkbox } from '@chakra-ui/react';

type Props = { checked: boolean | 'indeterminate'; onChange(checked: boolean): void; label: string; testId?: string };

export function SelectCheckbox({ checked, onChange, label, testId }: Props) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} data-testid={testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control cursor="pointer" />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
