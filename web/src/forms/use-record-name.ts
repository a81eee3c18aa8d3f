/**
 * The name of a record the user names (a group, a template): required, at most `maxLength`,
 * unique in the account. A failed save that is about the name lands under the field; any other
 * failure opens the error dialog.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../components/error-dialog.js';
import type { ErrorEntity } from '../errors/error-messages.js';
import { maxLength, required, validate } from './validate.js';

export type RecordNameState = {
  name: string;
  error: string | null;
  setName(name: string): void;
  /** The trimmed name, or null after showing why it cannot be sent. */
  check(): string | null;
  /** Shows a failed save: under the field when it is about the name, else in the error dialog. */
  fail(error: unknown): void;
};

export function useRecordName(options: {
  initial: string;
  maxLength: number;
  /** The field's label, as validation messages name it. */
  label: string;
  entity: ErrorEntity;
  /** The message for the field when a failed save is about the name, else null. */
  nameError(failure: unknown): string | null;
}): RecordNameState {
  const { t } = useTranslation(['validation', 'errors']);
  const [name, setNameValue] = useState(options.initial);
  const [error, setError] = useState<string | null>(null);
  return {
    name,
    error,
    setName(next) {
      setNameValue(next);
      setError(null);
    },
    check() {
      const problem = validate(name, [required(), maxLength(options.maxLength)], options.label, t);
      setError(problem);
      return problem ? null : name.trim();
    },
    fail(failure) {
      const message = options.nameError(failure);
      if (message) setError(message);
      else showError(failure, { entity: options.entity });
    },
  };
}
