/** What the user may do with groups (spec §6); the same rule the API applies to each route. */
import { hasPermission, type Flag, type Section } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';

export type GroupPermissions = {
  canRead: boolean;
  /** Create, rename, change conditions, add and remove members. */
  canWrite: boolean;
  canDelete: boolean;
  /** Contacts can be searched (the member picker, links to profiles). */
  canReadContacts: boolean;
};

export function useGroupPermissions(): GroupPermissions {
  const claims = useClaims();
  const can = (section: Section, flag: Flag) => (claims ? hasPermission(claims, section, flag) : false);
  return { canRead: can('group', 'read'), canWrite: can('group', 'write'), canDelete: can('group', 'delete'), canReadContacts: can('contact', 'read') };
}
