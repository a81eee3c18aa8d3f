import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

const MOBILE_CAPABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/**
 * A mobile number in E.164 (+85291234567), or null when it is not a valid number. A national
 * number needs the country it belongs to; an international one (leading + or 00) does not.
 * Identity and deduplication compare the E.164 form, so "9123 4567" (HK) and "+852 9123-4567"
 * are the same contact.
 */
export function normalizeMobile(input: string, defaultCountry?: string): string | null {
  const text = input.trim().replace(/^00/, '+');
  if (text === '' || text.length > 32) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode | undefined);
  if (!parsed || !parsed.isValid()) return null;
  // A number known to be a landline cannot receive SMS; where the plan cannot tell, accept it.
  const type = parsed.getType();
  if (type !== undefined && !MOBILE_CAPABLE.has(type)) return null;
  return parsed.number;
}

/** Country of a stored number (ISO 3166 alpha-2), for the country selector of a form. */
export function countryOfMobile(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** The number as people write it internationally (+852 9123 4567), for display. */
export function formatMobile(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
