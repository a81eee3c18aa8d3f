/** How a section's flags read to users (spec §3 "Permissions": display wording for access). */
import type { TSectionFlags } from '../../../shared/domain/permissions.js';

export type AccessWording = 'viewEditExport' | 'viewEdit' | 'viewExport' | 'viewOnly' | 'none';

export function accessWording(flags: TSectionFlags): AccessWording {
  if (!flags.read) return 'none';
  if (flags.write && flags.execute) return 'viewEditExport';
  if (flags.write) return 'viewEdit';
  if (flags.execute) return 'viewExport';
  return 'viewOnly';
}
