/**
 * A group's name: required, at most CONTACT_LIMITS.groupNameLength, unique in the account. The
 * server's "name already in use" lands under the field; other failures open the error dialog.
 */
import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import { showError } from '../../../components/error-dialog.js';
import { fieldErrorMessage } from '../../../errors/error-messages.js';
import { maxLength, required, validate } from '../../../forms/validate.js';

export type GroupNameState = {
  name: string;
  error: string | null;
  setName(name: string): void;
  /** The trimmed name, or null after showing why it cannot be sent. */
  check(): string | null;
  /** Shows a failed save: under the field when it is about the name, else in the error dialog. */
  fail(error: unknown): void;
};

export function useGroupName(initial = ''): GroupNameState {
  const { t } = useTranslation(['groups', 'validation', 'errors']);
  const [name, setNameValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    name,
    error,
    setName(next) {
      setNameValue(next);
      setError(null);
    },
    check() {
      const problem = validate(name, [required(), maxLength(CONTACT_LIMITS.groupNameLength)], t('form.name'), t);
      setError(problem);
      return problem ? null : name.trim();
    },
    fail(failure) {
      const message = fieldErrorMessage(failure, t, 'group');
      if (message) setError(message);
      else showError(failure, { entity: 'group' });
    },
  };
}

export function GroupNameField({ state, autoFocus }: { state: GroupNameState; autoFocus?: boolean }) {
  const { t } = useTranslation('groups');
  return (
    <Field.Root invalid={state.error !== null} required>
      <Field.Label>
        {t('form.name')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input value={state.name} onChange={(event) => state.setName(event.currentTarget.value)} maxLength={CONTACT_LIMITS.groupNameLength} autoFocus={autoFocus} data-testid="group-name-input" />
      {state.error ? <Field.ErrorText>{state.error}</Field.ErrorText> : <Field.HelperText>{t('form.nameHint')}</Field.HelperText>}
    </Field.Root>
  );
}
