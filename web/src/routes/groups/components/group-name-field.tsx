/**
 * A group's name: required, at most CONTACT_LIMITS.groupNameLength, unique in the account. The
 * server's "name already in use" lands under the field; other failures open the error dialog.
 */
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import { fieldErrorMessage } from '../../../errors/error-messages.js';
import { useRecordName, type RecordNameState } from '../../../forms/use-record-name.js';

export type GroupNameState = RecordNameState;

export function useGroupName(initial = ''): GroupNameState {
  const { t } = useTranslation(['groups', 'validation', 'errors']);
  return useRecordName({
    initial,
    maxLength: CONTACT_LIMITS.groupNameLength,
    label: t('form.name'),
    entity: 'group',
    nameError: (failure) => fieldErrorMessage(failure, t, 'group'),
  });
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
