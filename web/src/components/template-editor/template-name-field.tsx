/**
 * A template's name: required, at most TEMPLATE_LIMITS.nameLength, unique in the account. The
 * server's TPL-SAV-01 ("name already used") lands under the field; other failures open the error dialog.
 */
import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_LIMITS } from '../../../../shared/domain/templates.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { toApiError } from '../../api/errors.js';
import { useRecordName, type RecordNameState } from '../../forms/use-record-name.js';

export type TemplateNameState = RecordNameState;

export function useTemplateName(initial = ''): TemplateNameState {
  const { t } = useTranslation(['templates', 'errors']);
  return useRecordName({
    initial,
    maxLength: TEMPLATE_LIMITS.nameLength,
    label: t('templates:name.label'),
    entity: 'template',
    nameError: (failure) => (toApiError(failure).code === ERROR_CODES.TEMPLATE_NAME_USED ? t(`errors:${ERROR_CODES.TEMPLATE_NAME_USED}`) : null),
  });
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
