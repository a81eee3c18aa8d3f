/** Exporting contacts is the contact section's execute flag, shown to users as "export" (spec §3, §6). */
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { useClaims } from '../../session/session.js';

export function useCanExport(): boolean {
  const claims = useClaims();
  return claims !== null && hasPermission(claims, 'contact', 'execute');
}
