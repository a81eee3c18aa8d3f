/** The sign-in flow: POST /auth/login, then into the app; wrong credentials stay on the form. */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../../shared/contracts/auth.js';
import { normalizeEmail } from '../../../../shared/domain/email.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TLoginRequest } from '../../../../shared/schemas/session.js';
import { callRoute } from '../../api/routes.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { retryAfterText } from '../../errors/retry-after.js';
import { returnPathOf } from '../../session/return-path.js';
import { enterSession } from './session-entry.js';
import { useFormFields } from '../../forms/use-form-fields.js';
import { FORM_NAMESPACES, emailFieldError, requiredFieldError } from '../../forms/account-field-rules.js';

export function useSignIn() {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const navigate = useNavigate();
  const returnPath = returnPathOf(useSearchParams()[0].get('next'));
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormFields(
    { email: '', password: '' },
    {
      email: (values) => emailFieldError(t, t('fields.email'), values.email),
      // Only presence: the rules of new passwords do not apply to existing ones.
      password: (values) => requiredFieldError(t, t('fields.password'), values.password),
    },
  );

  async function submit(): Promise<void> {
    if (isSubmitting || !form.validateAll()) return;
    setSubmitting(true);
    setFormError(null);
    const request: TLoginRequest = { email: normalizeEmail(form.values.email), password: form.values.password };
    try {
      const answer = await callRoute(auth.routes.logIn, { body: request });
      const entry = enterSession(answer);
      navigate(returnPath ?? entry, { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      // One message for an unknown email and a wrong password: no account enumeration.
      if (apiError.code === ERROR_CODES.INCORRECT_PASSWORD) setFormError(t('errors:OTH-UTL-C-014'));
      else if (apiError.code === ERROR_CODES.RATE_LIMITED) setFormError(retryAfterText(t, i18n.language, apiError.retryAfter));
      else showError(apiError);
      setSubmitting(false);
    }
  }

  function setValue(field: 'email' | 'password', value: string): void {
    form.setValue(field, value);
    setFormError(null);
  }

  return { ...form, setValue, submit, isSubmitting, formError };
}
