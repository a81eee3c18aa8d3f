/**
 * Who may see, follow, stop and download an export (spec §6): the permission its source needs.
 * Contacts leave the account through the contact section's export (execute) flag; a campaign
 * report's list is readable by whoever may read that family's reports, so its export is too.
 * The same rules decide what the exports page lists and what the API answers.
 */
import type { TExportJobSource } from '../schemas/exports.js';
import { hasPermission, type Flag, type PermissionClaims, type Section } from './permissions.js';

export function exportPermission(source: TExportJobSource): { section: Section; flag: Flag } {
  return source.kind === 'campaignReport' ? { section: source.family, flag: 'read' } : { section: 'contact', flag: 'execute' };
}

export function canSeeExport(claims: PermissionClaims, source: TExportJobSource): boolean {
  const { section, flag } = exportPermission(source);
  return hasPermission(claims, section, flag);
}

/** Whether the exports page has anything the user may see: contact exports or either family's report exports. */
export function canSeeExports(claims: PermissionClaims): boolean {
  return hasPermission(claims, 'contact', 'execute') || hasPermission(claims, 'email', 'read') || hasPermission(claims, 'sms', 'read');
}
