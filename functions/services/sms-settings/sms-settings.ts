/**
 * The SMS settings of an account: which country calling codes its SMS campaigns may send to
 * (spec §8 STT-SMS-01 when a code is already allowed).
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TSmsSettings } from '../../../shared/schemas/sms-settings.js';
import { addAllowedCallingCode, getSmsSettings, removeAllowedCallingCode } from '../../data/sms-settings.js';

/** The account's allowed calling codes, in numeric order. */
export function getAllowedCallingCodes(options: { tuid: string }): Promise<TSmsSettings> {
  return getSmsSettings(options.tuid);
}

/** Adds a (validated) calling code; STT-SMS-01 when it is already on the list. Answers the list. */
export async function allowCallingCode(options: { tuid: string; code: string; now: Date }): Promise<TSmsSettings> {
  if (!(await addAllowedCallingCode(options.tuid, options.code, options.now.toISOString()))) {
    throw new AppError(ERROR_CODES.CALLING_CODE_ALLOWED, `+${options.code} is already on the allowed list.`);
  }
  return getSmsSettings(options.tuid);
}

/** Removes a calling code; VAL-REC-01 when it is not on the list. Answers the list. */
export async function disallowCallingCode(options: { tuid: string; code: string }): Promise<TSmsSettings> {
  if (!(await removeAllowedCallingCode(options.tuid, options.code))) {
    throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `+${options.code} is not on the allowed list.`);
  }
  return getSmsSettings(options.tuid);
}
