import { useTranslation } from 'react-i18next';
import type { ConditionFieldOption } from './condition-fields.js';

/** A field's name as the user sees it: a custom field's own name, else the standard field's in the UI language. */
export function useFieldLabel(): (field: ConditionFieldOption) => string {
  const { t } = useTranslation('search');
  return (field) => field.customName ?? t(`conditions.field.${field.id}`);
}
