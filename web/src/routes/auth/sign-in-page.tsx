/** /sign-in: email and password; wrong credentials answer on the form, never per field. */
import { Alert, Button, Input, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './components/auth-layout.js';
import { FormField } from '../../components/form-field.js';
import { PasswordInput } from '../../components/password-input.js';
import { SignedOutOnly } from './components/signed-out-only.js';
import { useSignIn } from './use-sign-in.js';

export default function SignInPage() {
  return (
    <SignedOutOnly>
      <SignInForm />
    </SignedOutOnly>
  );
}

function SignInForm() {
  const { t } = useTranslation('auth');
  const { values, errors, setValue, blur, fieldId, submit, isSubmitting, formError } = useSignIn();

  return (
    <AuthLayout
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to="/sign-up">{t('signIn.createAccount')}</RouterLink>
          </Link>
        </>
      }
    >
      <form
        noValidate
        aria-label={t('signIn.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <FormField id={fieldId('email')} label={t('fields.email')} error={errors.email}>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              placeholder={t('fields.emailPlaceholder')}
              value={values.email}
              onChange={(event) => setValue('email', event.target.value)}
              onBlur={() => blur('email')}
            />
          </FormField>
          <FormField id={fieldId('password')} label={t('fields.password')} error={errors.password}>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => setValue('password', event.target.value)}
            />
          </FormField>
          <Link asChild colorPalette="brand" fontSize="sm" fontWeight="medium" alignSelf="flex-end" mt="-3">
            <RouterLink to={values.email.trim() ? `/forgot-password?email=${encodeURIComponent(values.email.trim())}` : '/forgot-password'} data-testid="forgot-password-link">
              {t('signIn.forgotPassword')}
            </RouterLink>
          </Link>

          {formError && (
            <Alert.Root status="error" variant="subtle" data-testid="sign-in-error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}

          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting} loadingText={t('signIn.submitting')}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
