/**
 * What the condition builder offers: the standard fields, the account's custom fields, and group
 * membership with the account's groups (only for users who may read groups).
 */
import { useMemo } from 'react';
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { useFieldSchemas } from '../../api/contacts.js';
import { useEveryGroup } from '../../api/groups.js';
import { useClaims } from '../../session/session.js';
import { conditionFieldOptions, GROUP_FIELD, type ConditionFieldOption, type GroupChoice } from './condition-fields.js';

export type ConditionOptions = {
  /** Null while loading. */
  fields: ConditionFieldOption[] | null;
  groups: GroupChoice[];
  error: unknown;
};

/** `excludeGroupId`: the auto-update group being edited, which cannot be a condition of itself. */
export function useConditionOptions(excludeGroupId?: string): ConditionOptions {
  const claims = useClaims();
  const canReadGroups = claims !== null && hasPermission(claims, 'group', 'read');
  const { schemas, error: schemasError } = useFieldSchemas();
  const { groups: everyGroup, error: groupsError } = useEveryGroup(canReadGroups);
  const groupsReady = !canReadGroups || everyGroup !== undefined;

  return useMemo(() => {
    const groups = (everyGroup ?? []).filter((group) => group.id !== excludeGroupId).map((group) => ({ id: group.id, name: group.name }));
    const fields = schemas && groupsReady ? conditionFieldOptions(schemas).filter((field) => canReadGroups || field.id !== GROUP_FIELD) : null;
    return { fields, groups, error: schemasError ?? groupsError };
  }, [schemas, everyGroup, groupsReady, canReadGroups, excludeGroupId, schemasError, groupsError]);
}
