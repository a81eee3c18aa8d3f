/** What the user may do in the contacts area (spec §6); the same rule the API applies to each route. */
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';

export type ContactPermissions = {
  canRead: boolean;
  canWrite: boolean;
  canDelete: boolean;
  /** Snapshot groups can be listed (memberships, "Add to group"). */
  canReadGroups: boolean;
  /** Members can be added to a listed group, and groups created. */
  canWriteGroups: boolean;
};

export function useContactPermissions(): ContactPermissions {
  const claims = useClaims();
  const can = (section: 'contact' | 'group', flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, section, flag) : false);
  return {
    canRead: can('contact', 'read'),
    canWrite: can('contact', 'write'),
    canDelete: can('contact', 'delete'),
    canReadGroups: can('group', 'read'),
    canWriteGroups: can('group', 'read') && can('group', 'write'),
  };
}
