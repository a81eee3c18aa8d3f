/** /sign-up: a free account from full name, login email and a password that meets the rules. */
import { Alert, Button, Input, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './components/auth-layout.js';
import { FormField } from '../../components/form-field.js';
import { PasswordChecklist } from '../../components/password-checklist.js';
import { PasswordInput } from '../../components/password-input.js';
import { SignedOutOnly } from './components/signed-out-only.js';
import { useSignUp } from './use-sign-up.js';

export default function SignUpPage() {
  return (
    <SignedOutOnly>
      <SignUpForm />
    </SignedOutOnly>
  );
}

function SignUpForm() {
  const { t } = useTranslation('auth');
  const { values, errors, setValue, blur, fieldId, submit, isSubmitting, formError } = useSignUp();

  return (
    <AuthLayout
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to="/sign-in">{t('signUp.signIn')}</RouterLink>
          </Link>
        </>
      }
    >
      <form
        noValidate
        aria-label={t('signUp.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <FormField id={fieldId('fullname')} label={t('fields.fullName')} error={errors.fullname}>
            <Input
              name="fullname"
              autoComplete="name"
              autoFocus
              maxLength={100}
              value={values.fullname}
              onChange={(event) => setValue('fullname', event.target.value)}
              onBlur={() => blur('fullname')}
            />
          </FormField>
          <FormField id={fieldId('email')} label={t('fields.email')} error={errors.email}>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              placeholder={t('fields.emailPlaceholder')}
              value={values.email}
              onChange={(event) => setValue('email', event.target.value)}
              onBlur={() => blur('email')}
            />
          </FormField>
          <FormField
            id={fieldId('password')}
            label={t('fields.password')}
            error={errors.password}
            helper={<PasswordChecklist password={values.password} />}
          >
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => setValue('password', event.target.value)}
              onBlur={() => blur('password')}
            />
          </FormField>
          <FormField id={fieldId('confirmPassword')} label={t('fields.confirmPassword')} error={errors.confirmPassword}>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => setValue('confirmPassword', event.target.value)}
              onBlur={() => blur('confirmPassword')}
            />
          </FormField>

          {formError && (
            <Alert.Root status="error" variant="subtle" data-testid="sign-up-error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}

          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting} loadingText={t('signUp.submitting')}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
