/**
 * How an error is worded (spec §8). Pure: the caller passes its translate function, so the same
 * rules serve the error dialog, form fields and unit tests.
 */
import { toApiError, type ApiError } from '../api/errors.js';

/** Entity names filled into field messages ("This group name is already in use"). */
export type ErrorEntity = 'contact' | 'group' | 'template' | 'campaign' | 'setting';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ErrorDescription = { title: string; message: string; code: string | null };

/** A translation, or null when the key is missing (i18next returns the defaultValue then). */
function lookup(t: Translate, key: string, options: Record<string, unknown> = {}): string | null {
  const text = t(key, { ...options, defaultValue: '' });
  return text === '' ? null : text;
}

/** ERROR_ and VALIDATE_PASSWORD codes belong under a form field rather than in a dialog. */
export function isFieldErrorCode(code: string): boolean {
  return code.startsWith('ERROR_') || code.startsWith('VALIDATE_PASSWORD');
}

function entityName(t: Translate, entity: ErrorEntity | undefined): string {
  return t(`errors:entity.${entity ?? 'record'}`);
}

/**
 * The message a form shows under a field for an ERROR_ / VALIDATE_PASSWORD code, with the entity
 * name and the count of recent passwords filled in; null for any other code (show the dialog).
 */
export function fieldErrorMessage(error: unknown, t: Translate, entity?: ErrorEntity): string | null {
  const apiError = toApiError(error);
  if (apiError.cancelled || !isFieldErrorCode(apiError.code)) return null;
  const translated = lookup(t, `errors:${apiError.code}`, {
    entity: entityName(t, entity),
    n: apiError.numOfRecentlyUsed ?? 0,
  });
  return translated ?? `${t('errors:default')} (${apiError.code})`;
}

function lockedByText(t: Translate, lockedBy: string): string {
  if (lockedBy === 'provider' || lockedBy === 'teamAdmin') return t(`errors:lockedBy.${lockedBy}`);
  return t('errors:lockedBy.editor', { name: lockedBy });
}

/** What the error-details dialog shows for an error; null when nothing should open (cancelled). */
export function describeError(error: unknown, t: Translate, entity?: ErrorEntity): ErrorDescription | null {
  const apiError: ApiError = toApiError(error);
  if (apiError.cancelled) return null;
  const { code } = apiError;
  const defaultTitle = t('errors:title');

  if (apiError.lockedBy && apiError.lockedBy !== 'provider' && apiError.lockedBy !== 'teamAdmin') {
    return { title: t('errors:title.accessDenied'), message: lockedByText(t, apiError.lockedBy), code: null };
  }
  if (isFieldErrorCode(code)) {
    return { title: defaultTitle, message: fieldErrorMessage(apiError, t, entity) ?? '', code: null };
  }
  if (code.startsWith('VALIDATE_')) {
    // A translation may quote the server's specific message ('{{message}}': what a campaign lacks).
    const message = lookup(t, `errors:${code}`, { message: apiError.message }) ?? (apiError.message || t('errors:default'));
    return { title: lookup(t, `errors:${code}.title`) ?? defaultTitle, message, code: null };
  }

  const message =
    (apiError.lockedBy ? lockedByText(t, apiError.lockedBy) : null) ??
    lookup(t, `errors:${code}`) ??
    (apiError.message || null);
  if (!message) return { title: defaultTitle, message: t('errors:default'), code };
  return { title: defaultTitle, message, code: message === code ? null : code };
}
