/** The sign-up flow: POST /auth/signup, then the creating-account step (spec §2.3 newSignUp). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../../shared/contracts/auth.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TSignUpRequest } from '../../../../shared/schemas/session.js';
import { callRoute } from '../../api/routes.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { fieldErrorMessage } from '../../errors/error-messages.js';
import { isLanguage } from '../../i18n/index.js';
import { retryAfterText } from '../../errors/retry-after.js';
import { enterSession } from './session-entry.js';
import { useFormFields } from '../../forms/use-form-fields.js';
import { FORM_NAMESPACES, confirmPasswordFieldError, emailFieldError, newPasswordFieldError, requiredFieldError } from '../../forms/account-field-rules.js';

type SignUpField = 'fullname' | 'email' | 'password' | 'confirmPassword';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function useSignUp() {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const navigate = useNavigate();
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormFields<SignUpField>(
    { fullname: '', email: '', password: '', confirmPassword: '' },
    {
      fullname: (values) => requiredFieldError(t, t('fields.fullName'), values.fullname),
      email: (values) => emailFieldError(t, t('fields.email'), values.email),
      password: (values) => newPasswordFieldError(t, t('fields.password'), values.password),
      confirmPassword: (values) => confirmPasswordFieldError(t, t('fields.confirmPassword'), values.password, values.confirmPassword),
    },
  );

  async function submit(): Promise<void> {
    if (isSubmitting || !form.validateAll()) return;
    setSubmitting(true);
    setFormError(null);
    const request: TSignUpRequest = {
      fullname: form.values.fullname.trim(),
      email: form.values.email.trim(),
      password: form.values.password,
      // The new account starts in the language and time zone the visitor is using.
      language: isLanguage(i18n.language) ? i18n.language : undefined,
      timezone: browserTimeZone(),
    };
    try {
      const answer = await callRoute(auth.routes.signUp, { body: request });
      navigate(enterSession(answer), { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      const fieldMessage = fieldErrorMessage(apiError, t);
      if (apiError.code === ERROR_CODES.EMAIL_USED && fieldMessage) form.setFieldError('email', fieldMessage);
      else if (apiError.code.startsWith('VALIDATE_PASSWORD') && fieldMessage) form.setFieldError('password', fieldMessage);
      else if (apiError.code === ERROR_CODES.RATE_LIMITED) setFormError(retryAfterText(t, i18n.language, apiError.retryAfter));
      else showError(apiError);
      setSubmitting(false);
    }
  }

  return { ...form, submit, isSubmitting, formError };
}
