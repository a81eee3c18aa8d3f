import { Checkbox } from '@chakra-ui/react';

/** A row or page selection box whose label is read by screen readers only. */
export function SelectCheckbox({ checked, onChange, label, testId }: { checked: boolean | 'indeterminate'; onChange(checked: boolean): void; label: string; testId: string }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} data-testid={testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control cursor="pointer" />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
