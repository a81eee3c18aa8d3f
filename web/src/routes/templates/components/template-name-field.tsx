/**
 * A template's name: required, at most TEMPLATE_LIMITS.nameLength, unique in the account. The
 * server's TPL-SAV-01 ("name already used") lands under the field; other failures open the error dialog.
 */
import { useState } from 'react';
import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_LIMITS } from '../../../../../shared/domain/templates.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { toApiError } from '../../../api/errors.js';
import { showError } from '../../../components/error-dialog.js';
import { maxLength, required, validate } from '../../../forms/validate.js';

export type TemplateNameState = {
  name: string;
  error: string | null;
  setName(name: string): void;
  /** The trimmed name, or null after showing why it cannot be sent. */
  check(): string | null;
  /** Shows a failed save: under the field when the name is taken, else in the error dialog. */
  fail(error: unknown): void;
};

export function useTemplateName(initial = ''): TemplateNameState {
  const { t } = useTranslation(['templates', 'validation', 'errors']);
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
      const problem = validate(name, [required(), maxLength(TEMPLATE_LIMITS.nameLength)], t('templates:name.label'), t);
      setError(problem);
      return problem ? null : name.trim();
    },
    fail(failure) {
      if (toApiError(failure).code === ERROR_CODES.TEMPLATE_NAME_USED) setError(t(`errors:${ERROR_CODES.TEMPLATE_NAME_USED}`));
      else showError(failure, { entity: 'template' });
    },
  };
}

type FieldProps = { state: TemplateNameState; autoFocus?: boolean; readOnly?: boolean; size?: InputProps['size']; hideLabel?: boolean };

export function TemplateNameField({ state, autoFocus, readOnly, size, hideLabel }: FieldProps) {
  const { t } = useTranslation('templates');
  return (
    <Field.Root invalid={state.error !== null} required readOnly={readOnly}>
      <Field.Label srOnly={hideLabel}>
        {t('name.label')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        size={size}
        value={state.name}
        placeholder={t('name.placeholder')}
        onChange={(event) => state.setName(event.currentTarget.value)}
        maxLength={TEMPLATE_LIMITS.nameLength}
        autoFocus={autoFocus}
        data-testid="template-name-input"
      />
      {state.error && <Field.ErrorText data-testid="template-name-error">{state.error}</Field.ErrorText>}
    </Field.Root>
  );
}
