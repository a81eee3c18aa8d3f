/**
 * /reset-password?token=: the new password for a mailed reset link. A used or expired link says
 * so and offers a new one; after the reset every session has ended, this browser's too.
 */
import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { resetPassword } from '../../api/account.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PasswordInput } from '../../components/password-input.js';
import { fieldErrorMessage } from '../../errors/error-messages.js';
import { FORM_NAMESPACES, confirmPasswordFieldError, newPasswordFieldError } from '../../forms/account-field-rules.js';
import { useFormFields } from '../../forms/use-form-fields.js';
import { clearSession } from '../../session/session.js';
import { AuthLayout } from './components/auth-layout.js';
import { PasswordChecklist } from '../../components/password-checklist.js';

type Outcome = 'done' | 'invalidLink' | null;

export default function ResetPasswordPage() {
  const { t } = useTranslation(FORM_NAMESPACES);
  const token = useSearchParams()[0].get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? null : 'invalidLink');
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useFormFields(
    { newPassword: '', retypePassword: '' },
    {
      newPassword: (values) => newPasswordFieldError(t, t('fields.newPassword'), values.newPassword),
      retypePassword: (values) => confirmPasswordFieldError(t, t('fields.retypePassword'), values.newPassword, values.retypePassword),
    },
  );

  async function submit(): Promise<void> {
    if (isSubmitting || !form.validateAll()) return;
    setSubmitting(true);
    try {
      await resetPassword({ token, newPassword: form.values.newPassword });
      clearSession();
      setOutcome('done');
    } catch (error) {
      const apiError = toApiError(error);
      const fieldMessage = fieldErrorMessage(apiError, t);
      if (apiError.code === ERROR_CODES.RESET_LINK_INVALID) setOutcome('invalidLink');
      else if (apiError.code.startsWith('VALIDATE_PASSWORD') && fieldMessage) form.setFieldError('newPassword', fieldMessage);
      else showError(apiError);
    } finally {
      setSubmitting(false);
    }
  }

  const footer = (
    <Link asChild colorPalette="brand" fontWeight="medium">
      <RouterLink to="/sign-in">{t('forgot.backToSignIn')}</RouterLink>
    </Link>
  );

  if (outcome) {
    return (
      <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')} footer={footer}>
        <Stack gap="5">
          <Alert.Root status={outcome === 'done' ? 'success' : 'error'} variant="subtle" data-testid={outcome === 'done' ? 'reset-password-done' : 'reset-password-invalid'}>
            <Alert.Indicator />
            <Alert.Title>{outcome === 'done' ? t('reset.done') : t(`errors:${ERROR_CODES.RESET_LINK_INVALID}`)}</Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="brand" size="lg" width="full">
            <RouterLink to={outcome === 'done' ? '/sign-in' : '/forgot-password'}>{outcome === 'done' ? t('signIn.submit') : t('reset.askAgain')}</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')} footer={footer}>
      <form
        noValidate
        aria-label={t('reset.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <FormField id={form.fieldId('newPassword')} label={t('fields.newPassword')} error={form.errors.newPassword} helper={<PasswordChecklist password={form.values.newPassword} />}>
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              autoFocus
              value={form.values.newPassword}
              onChange={(event) => form.setValue('newPassword', event.target.value)}
              onBlur={() => form.blur('newPassword')}
            />
          </FormField>
          <FormField id={form.fieldId('retypePassword')} label={t('fields.retypePassword')} error={form.errors.retypePassword}>
            <PasswordInput
              name="retypePassword"
              autoComplete="new-password"
              value={form.values.retypePassword}
              onChange={(event) => form.setValue('retypePassword', event.target.value)}
              onBlur={() => form.blur('retypePassword')}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
