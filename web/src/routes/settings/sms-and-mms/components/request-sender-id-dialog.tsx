/**
 * Requests a sender ID, checked as the user types by the same rule the API applies (GSM
 * originator limits); an ID the account already has is named under the field.
 */
import { useState } from 'react';
import { Field, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SENDER_ID_LIMITS, senderIdKind, senderIdProblem } from '../../../../../../shared/domain/sender-ids.js';
import { requestSenderId } from '../../../../api/sms-settings.js';
import { showError } from '../../../../components/error-dialog.js';
import { FormDialog } from '../../../../components/form-dialog.js';
import { fieldErrorMessage } from '../../../../errors/error-messages.js';

export function RequestSenderIdDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['sms-settings', 'errors']);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const senderId = value.trim();
  const problem = senderIdProblem(senderId);
  const error = serverError ?? (touched && problem ? t(`problem.${problem}`, SENDER_ID_LIMITS) : null);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      await requestSenderId(senderId);
      onClose();
    } catch (failure) {
      const message = fieldErrorMessage(failure, t);
      if (message) setServerError(message);
      else showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('requestDialog.title')}
      submitLabel={t('requestDialog.submit')}
      submitTestId="sender-id-request-submit"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="md"
      testId="sender-id-request-dialog"
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label htmlFor="sender-id-input">{t('requestDialog.label')}</Field.Label>
        <Input
          id="sender-id-input"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maxLength={SENDER_ID_LIMITS.numericMax + 5}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          data-testid="sender-id-input"
        />
        {error ? (
          <Field.ErrorText data-testid="sender-id-input-error">{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('requestDialog.hint', SENDER_ID_LIMITS)}</Field.HelperText>
        )}
      </Field.Root>
      {!problem && (
        <Text mt="3" fontSize="sm" color="fg.muted" data-testid="sender-id-kind">
          {t(`requestDialog.kind.${senderIdKind(senderId)}`)}
        </Text>
      )}
    </FormDialog>
  );
}
