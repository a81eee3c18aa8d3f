/** What the user may do with templates (spec §6); the same rule the API applies to each route. */
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';

export type TemplatePermissions = {
  canRead: boolean;
  /** Create, edit, rename, copy. */
  canWrite: boolean;
  canDelete: boolean;
  /** Contacts can be searched: "Preview with a contact" needs it. */
  canReadContacts: boolean;
};

export function useTemplatePermissions(): TemplatePermissions {
  const claims = useClaims();
  const can = (section: 'template' | 'contact', flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, section, flag) : false);
  return { canRead: can('template', 'read'), canWrite: can('template', 'write'), canDelete: can('template', 'delete'), canReadContacts: can('contact', 'read') };
}
