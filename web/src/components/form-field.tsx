/** Label, control, helper and error of one form field; the control gets `id` for focus on submit. */
import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  helper?: ReactNode;
  children: ReactNode;
};

export function FormField({ id, label, error, helper, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} ids={{ control: id }}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
