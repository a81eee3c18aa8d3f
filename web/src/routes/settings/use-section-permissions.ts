/** What the user may do with a section's settings (spec §6): the section's flags, as the API's routes demand. */
import { hasPermission, type Section } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';

export type SectionPermissions = { canRead: boolean; canWrite: boolean; canDelete: boolean };

export function useSectionPermissions(section: Section): SectionPermissions {
  const claims = useClaims();
  const can = (flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, section, flag) : false);
  return { canRead: can('read'), canWrite: can('write'), canDelete: can('delete') };
}
