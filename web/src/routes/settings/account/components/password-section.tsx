/**
 * Password: the current one, then a new one meeting the rules of spec §5 (typed twice). Every
 * other session of the user ends; this one carries on with the answer's token.
 */
import { useState } from 'react';
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TOAST_MS, PASSWORD_MIN_LENGTH } from '../../../../../../shared/constants.js';
import { ERROR_CODES } from '../../../../../../shared/errors.js';
import { changeOwnPassword } from '../../../../api/account.js';
import { toApiError } from '../../../../api/errors.js';
import { FormField } from '../../../../components/form-field.js';
import { PasswordInput } from '../../../../components/password-input.js';
import { PasswordChecklist } from '../../../../components/password-checklist.js';
import { notify } from '../../../../components/toaster.js';
import { showError } from '../../../../components/error-dialog.js';
import { fieldErrorMessage } from '../../../../errors/error-messages.js';
import { retryAfterText } from '../../../../errors/retry-after.js';
import { FORM_NAMESPACES, confirmPasswordFieldError, newPasswordFieldError, requiredFieldError } from '../../../../forms/account-field-rules.js';
import { useFormFields } from '../../../../forms/use-form-fields.js';
import { storeToken } from '../../../../session/session.js';
import { SettingsCard } from '../../../../components/settings-card.js';

export function PasswordSection() {
  const { t } = useTranslation('account-settings');
  // A new form after each change: the fields and their errors start empty.
  const [formKey, setFormKey] = useState(0);
  return (
    <SettingsCard title={t('password.title')} description={t('password.description', { min: PASSWORD_MIN_LENGTH })} testId="account-password">
      <PasswordForm key={formKey} onChanged={() => setFormKey((key) => key + 1)} />
    </SettingsCard>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation(['account-settings', ...FORM_NAMESPACES]);
  const [saving, setSaving] = useState(false);
  const form = useFormFields({ oldPassword: '', newPassword: '', retypePassword: '' }, {
    oldPassword: (values) => requiredFieldError(t, t('password.current'), values.oldPassword),
    newPassword: (values) => newPasswordFieldError(t, t('auth:fields.newPassword'), values.newPassword),
    retypePassword: (values) => confirmPasswordFieldError(t, t('auth:fields.retypePassword'), values.newPassword, values.retypePassword),
  });

  async function submit(): Promise<void> {
    if (saving || !form.validateAll()) return;
    setSaving(true);
    try {
      storeToken(await changeOwnPassword({ oldPassword: form.values.oldPassword, newPassword: form.values.newPassword }));
      notify({ type: 'success', title: t('auth:passwordChange.success'), description: t('password.othersSignedOut'), durationMs: NOTIFICATION_TOAST_MS });
      onChanged();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ERROR_CODES.INCORRECT_PASSWORD) form.setFieldError('oldPassword', t('password.currentWrong'));
      else if (apiError.code === ERROR_CODES.RATE_LIMITED) form.setFieldError('oldPassword', retryAfterText(t, i18n.language, apiError.retryAfter));
      else if (fieldErrorMessage(apiError, t)) form.setFieldError('newPassword', fieldErrorMessage(apiError, t) ?? '');
      else showError(apiError);
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="5" px={{ base: '4', md: '5' }} py="5">
        <FormField id={form.fieldId('oldPassword')} label={t('password.current')} error={form.errors.oldPassword}>
          <PasswordInput name="oldPassword" autoComplete="current-password" value={form.values.oldPassword} onChange={(event) => form.setValue('oldPassword', event.target.value)} />
        </FormField>
        <FormField
          id={form.fieldId('newPassword')}
          label={t('auth:fields.newPassword')}
          error={form.errors.newPassword}
          helper={<PasswordChecklist password={form.values.newPassword} />}
        >
          <PasswordInput
            name="newPassword"
            autoComplete="new-password"
            value={form.values.newPassword}
            onChange={(event) => form.setValue('newPassword', event.target.value)}
            onBlur={() => form.blur('newPassword')}
          />
        </FormField>
        <FormField id={form.fieldId('retypePassword')} label={t('auth:fields.retypePassword')} error={form.errors.retypePassword}>
          <PasswordInput
            name="retypePassword"
            autoComplete="new-password"
            value={form.values.retypePassword}
            onChange={(event) => form.setValue('retypePassword', event.target.value)}
            onBlur={() => form.blur('retypePassword')}
          />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          {t('password.othersNote')}
        </Text>
        <Flex justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={saving} data-testid="account-password-save">
            {t('auth:passwordChange.submit')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
