/**
 * The contact form's state: values, errors checked on leaving a field and on saving, and the save
 * itself, with the server's errors put under the field they are about (spec §8: ERROR_ codes on
 * the field; others in the error dialog).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import { createContact, updateContact } from '../../api/contacts.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../../components/error-dialog.js';
import { notify } from '../../components/toaster.js';
import { fieldErrorMessage } from '../../errors/error-messages.js';
import {
  formFieldOfError,
  toContactInput,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormValues,
  type FieldDraft,
} from './contact-form-model.js';
import { contactPaths } from '../../paths/contacts.js';

type Options = {
  /** The contact being edited; null creates one. */
  contactId: string | null;
  initial: ContactFormValues;
  schemas: readonly TFieldSchema[];
  /** Memberships are sent only by a user who could see the groups. */
  withGroups: boolean;
};

export function useContactForm({ contactId, initial, schemas, withGroups }: Options) {
  const { t } = useTranslation(['contacts', 'errors', 'validation']);
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [saving, setSaving] = useState(false);
  const check = (next: ContactFormValues) => validateContactForm(next, schemas, t, { email: t('form.email') });

  const change = (patch: Partial<ContactFormValues>, cleared: ContactFormField[]) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of cleared) delete next[field];
      return next;
    });
  };

  return {
    values,
    errors,
    saving,
    change,
    setField: (fieldId: string, draft: FieldDraft) => change({ fields: { ...values.fields, [fieldId]: draft } }, [`field:${fieldId}`]),
    /** A field is checked once the user leaves it; earlier, a half-typed value is not an error. */
    blur(field: ContactFormField) {
      const message = check(values)[field];
      setErrors((current) => ({ ...current, [field]: message }));
    },
    async save() {
      const found = check(values);
      setErrors(found);
      if (Object.values(found).some(Boolean)) return false;
      setSaving(true);
      try {
        const input = toContactInput(values, schemas, { isEdit: contactId !== null, withGroups });
        const contact = contactId ? await updateContact(contactId, input) : await createContact(input);
        notify({ type: 'success', title: t(contactId ? 'form.saved' : 'form.created') });
        navigate(contactPaths.profile(contact.id));
        return true;
      } catch (error) {
        const code = toApiError(error).code;
        const field = formFieldOfError(code);
        if (field) setErrors({ [field]: fieldErrorMessage(error, t, 'contact') ?? t(`errors:${code}`) });
        else showError(error, { entity: 'contact' });
        setSaving(false);
        return false;
      }
    },
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
