/**
 * The groups contacts can be put in from the contacts area (snapshot groups whose members are
 * edited by hand), narrowed by a name the user types.
 */
import { useState } from 'react';
import { hasEditableMembers, useEveryGroup } from '../../api/groups.js';

export function useSnapshotGroupFilter() {
  const { groups: everyGroup, isLoading } = useEveryGroup();
  const [filter, setFilter] = useState('');
  const groups = everyGroup?.filter(hasEditableMembers);
  const wanted = filter.trim().toLocaleLowerCase();
  return {
    /** Undefined while loading. */
    groups,
    /** The groups whose names contain the filter. */
    shown: (groups ?? []).filter((group) => group.name.toLocaleLowerCase().includes(wanted)),
    filter,
    setFilter,
    isLoading,
  };
}
