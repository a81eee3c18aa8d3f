import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../domain/email.js';
import { isSingleLineText, normalizeName } from '../domain/text.js';

/** A login or contact email: trimmed, lower-cased, at most 254 characters. */
export const ZEmail = z
  .string()
  .max(254)
  .transform((value) => value.trim())
  .refine(isValidEmail, { message: 'email' })
  .transform(normalizeEmail);

/** An email address that may be left empty (''), e.g. while a wizard is in progress. */
export const ZOptionalEmail = z.union([z.string().trim().length(0), ZEmail]);

/**
 * A name that must be unique (group, template, field, campaign, tag): stored in NFC and trimmed
 * (shared/domain/text.ts), one line, 1 to `maxLength` characters.
 */
export const ZName = (maxLength: number) => z.string().overwrite(normalizeName).min(1).max(maxLength).refine(isSingleLineText, { message: 'one line of text' });

export const ZFullName = z.string().trim().min(1).max(100);

/** Passwords are checked by the domain rule in the service so that each failure has its own code. */
export const ZPassword = z.string().min(1).max(200);

export const ZVerificationCode = z.string().trim().regex(/^\d{6}$/, { message: 'code' });

export const ZOk = z.object({ success: z.literal(true) });
/** The answer of a change that has nothing else to say. */
export const OK: z.infer<typeof ZOk> = { success: true };

/** An id made by functions/lib/time-ordered-id.ts (imports, exports, templates): 26 Crockford base-32 characters. */
export const ZTimeOrderedId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'not an id' });
