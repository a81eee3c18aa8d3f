import { z } from 'zod';
import type { TPermissions } from '../domain/permissions.js';

const ZSectionFlags = z.object({ read: z.boolean(), write: z.boolean(), delete: z.boolean(), execute: z.boolean() });

/** The permissions claim of spec §3: the four flags for each section. */
export const ZPermissions: z.ZodType<TPermissions> = z.object({
  dashboard: ZSectionFlags,
  contact: ZSectionFlags,
  group: ZSectionFlags,
  email: ZSectionFlags,
  sms: ZSectionFlags,
  template: ZSectionFlags,
});
