/**
 * /forgot-password: mails a single-use reset link. The answer never says whether the address
 * has an account; signed-in users reach it too (the new-login dialog's "Forgot password?").
 */
import { useState } from 'react';
import { Alert, Button, Input, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { normalizeEmail } from '../../../../shared/domain/email.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { requestPasswordReset } from '../../api/account.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { FormField } from '../../components/form-field.js';
import { retryAfterText } from '../../errors/retry-after.js';
import { FORM_NAMESPACES, emailFieldError } from '../../forms/account-field-rules.js';
import { useFormFields } from '../../forms/use-form-fields.js';
import { AuthLayout } from './components/auth-layout.js';

export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useFormFields({ email: params.get('email') ?? '' }, { email: (values) => emailFieldError(t, t('fields.email'), values.email) });

  async function submit(): Promise<void> {
    if (isSubmitting || !form.validateAll()) return;
    setSubmitting(true);
    setFormError(null);
    const email = normalizeEmail(form.values.email);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ERROR_CODES.RATE_LIMITED) setFormError(retryAfterText(t, i18n.language, apiError.retryAfter));
      else showError(apiError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link asChild colorPalette="brand" fontWeight="medium">
          <RouterLink to="/sign-in">{t('forgot.backToSignIn')}</RouterLink>
        </Link>
      }
    >
      {sentTo ? (
        <Alert.Root status="success" variant="subtle" data-testid="forgot-password-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('forgot.sentTitle')}</Alert.Title>
            <Alert.Description>{t('forgot.sent', { email: sentTo })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form
          noValidate
          aria-label={t('forgot.title')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="5">
            <FormField id={form.fieldId('email')} label={t('fields.email')} error={form.errors.email}>
              <Input
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                placeholder={t('fields.emailPlaceholder')}
                value={form.values.email}
                onChange={(event) => form.setValue('email', event.target.value)}
                onBlur={() => form.blur('email')}
              />
            </FormField>
            {formError && (
              <Alert.Root status="error" variant="subtle">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
