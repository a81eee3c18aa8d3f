/**
 * A dialog around one field (an address, a domain, a code): the server's answer to a refused
 * value (EA-V-011, a wrong code, a name the account has) shows under the field; anything else
 * opens the error dialog.
 */
import { useState, type ReactNode } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../../api/errors.js';
import { showError } from '../../../../components/error-dialog.js';
import { FormDialog } from '../../../../components/form-dialog.js';

/** Codes that are about the value typed, answered under the field. */
const FIELD_CODES = /^(EA-V-|ERROR_|STT-ACT-C-010$|VALIDATE_INVALID_INPUT$|OTH-UTL-C-030$|VALIDATE_SENDER_UNVERIFIED$)/;

type Props = {
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  testId: string;
  inputMode?: 'email' | 'text' | 'numeric';
  /** Checked before the call; an i18n key of the problem, or null. */
  problemOf(value: string): string | null;
  onSubmit(value: string): Promise<void>;
  onClose(): void;
  children?: ReactNode;
};

export function FieldDialog({ title, label, hint, submitLabel, testId, inputMode = 'text', problemOf, onSubmit, onClose, children }: Props) {
  const { t } = useTranslation(['email-settings', 'errors']);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = problemOf(value.trim());
  const error = serverError ?? (touched && problem ? t(problem) : null);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      await onSubmit(value.trim());
      onClose();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (FIELD_CODES.test(apiError.code)) setServerError(t(`errors:${apiError.code}`, { message: apiError.message }));
      else showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog title={title} submitLabel={submitLabel} submitTestId={`${testId}-submit`} busy={busy} onSubmit={() => void submit()} onClose={onClose} maxW="md" testId={testId}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label htmlFor={`${testId}-input`}>{label}</Field.Label>
        <Input
          id={`${testId}-input`}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          inputMode={inputMode}
          maxLength={300}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          data-testid={`${testId}-input`}
        />
        {error ? <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>}
      </Field.Root>
      {children}
    </FormDialog>
  );
}
