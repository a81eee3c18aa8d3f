/**
 * The forced password change (billing spec §4, §5): a new password that meets the rules, typed
 * twice; the answer's token replaces the session's, a 5-second toast confirms, the page reloads.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TOAST_MS } from '../../../../shared/constants.js';
import { account } from '../../../../shared/contracts/account.js';
import type { TChangePasswordRequest } from '../../../../shared/schemas/account.js';
import { callRoute } from '../../api/routes.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { notify } from '../../components/toaster.js';
import { fieldErrorMessage } from '../../errors/error-messages.js';
import { storeToken } from '../../session/session.js';
import { useFormFields } from '../../forms/use-form-fields.js';
import { FORM_NAMESPACES, confirmPasswordFieldError, newPasswordFieldError } from '../../forms/account-field-rules.js';

/** Long enough to read the toast before the reload brings up the unlocked app. */
const RELOAD_DELAY_MS = 1500;

export function useForcePasswordChange() {
  const { t } = useTranslation(FORM_NAMESPACES);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useFormFields(
    { newPassword: '', retypePassword: '' },
    {
      newPassword: (values) => newPasswordFieldError(t, t('fields.newPassword'), values.newPassword),
      retypePassword: (values) => confirmPasswordFieldError(t, t('fields.retypePassword'), values.newPassword, values.retypePassword),
    },
  );
  const { newPassword, retypePassword } = form.values;
  /** Billing spec §5: disabled while both are empty or they differ. */
  const canSubmit = newPassword !== '' && newPassword === retypePassword && !isSubmitting;

  async function submit(): Promise<void> {
    if (!canSubmit || !form.validateAll()) return;
    setSubmitting(true);
    const request: TChangePasswordRequest = { forceChangePassword: true, newPassword };
    try {
      const { token } = await callRoute(account.routes.changePassword, { body: request });
      storeToken(token);
      notify({ type: 'success', title: t('passwordChange.success'), durationMs: NOTIFICATION_TOAST_MS });
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (error) {
      const message = fieldErrorMessage(error, t);
      if (message) form.setFieldError('newPassword', message);
      else showError(toApiError(error));
      setSubmitting(false);
    }
  }

  return { ...form, canSubmit, submit, isSubmitting };
}
