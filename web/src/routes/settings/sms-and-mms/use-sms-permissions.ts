/** What the user may do with the account's SMS settings (spec §6): the sms section's flags, as the API's routes demand. */
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import { useClaims } from '../../../session/session.js';

export type SmsPermissions = { canRead: boolean; canWrite: boolean; canDelete: boolean };

export function useSmsPermissions(): SmsPermissions {
  const claims = useClaims();
  const can = (flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, 'sms', flag) : false);
  return { canRead: can('read'), canWrite: can('write'), canDelete: can('delete') };
}
