/** The settings form: the saved kinds, the user's unsaved changes on top, save and discard. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAILABLE_TYPES, type NotificationType } from '../../../../../shared/domain/notifications.js';
import { saveNotificationSettings, useNotificationSettings } from '../../../api/notifications.js';
import { showError } from '../../../components/error-dialog.js';
import { notify } from '../../../components/toaster.js';

export function useEmailTypesForm() {
  const { t } = useTranslation('activity');
  const { settings, error, refetch } = useNotificationSettings();
  // null = no change from what is saved.
  const [draft, setDraft] = useState<ReadonlySet<NotificationType> | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = new Set(settings?.emailTypes ?? []);
  const selected = draft ?? saved;
  const dirty = draft !== null && (draft.size !== saved.size || [...draft].some((type) => !saved.has(type)));

  const toggle = (type: NotificationType, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(type);
    else next.delete(type);
    setDraft(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      // The catalogue's order, so the stored list does not depend on the order of the clicks.
      await saveNotificationSettings({ emailTypes: EMAILABLE_TYPES.filter((type) => selected.has(type)) });
      setDraft(null);
      notify({ type: 'success', title: t('settings.saved') });
    } catch (failure) {
      showError(failure);
    } finally {
      setSaving(false);
    }
  };

  return { loaded: settings !== undefined, error, retry: () => void refetch(), selected, dirty, saving, toggle, save, discard: () => setDraft(null) };
}
