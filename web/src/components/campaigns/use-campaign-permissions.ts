/** What the user may do with the area's campaigns (spec §6: the email or the sms section); the same rule the API applies to each route. */
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';
import { useCampaignFamily } from './campaign-family.js';

export type CampaignPermissions = {
  canRead: boolean;
  /** Create, edit, rename, replicate, tag. */
  canWrite: boolean;
  canDelete: boolean;
  /** Send, schedule, pause, resume, stop, cancel, recover, approve. */
  canExecute: boolean;
};

export function useCampaignPermissions(): CampaignPermissions {
  const claims = useClaims();
  const section = useCampaignFamily();
  const can = (flag: 'read' | 'write' | 'delete' | 'execute') => (claims ? hasPermission(claims, section, flag) : false);
  return { canRead: can('read'), canWrite: can('write'), canDelete: can('delete'), canExecute: can('execute') };
}
