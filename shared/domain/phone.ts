import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/** The country a national number (no + or 00) is read in: the service's home, Hong Kong. */
export const DEFAULT_MOBILE_COUNTRY = 'HK';

/** Time zones that name one country: the account's zone is the best hint of its region we have. */
const COUNTRY_OF_TIME_ZONE: Record<string, string> = {
  'Asia/Hong_Kong': 'HK',
  'Asia/Macau': 'MO',
  'Asia/Shanghai': 'CN',
  'Asia/Urumqi': 'CN',
  'Asia/Taipei': 'TW',
  'Asia/Singapore': 'SG',
  'Asia/Kuala_Lumpur': 'MY',
  'Asia/Manila': 'PH',
  'Asia/Bangkok': 'TH',
  'Asia/Ho_Chi_Minh': 'VN',
  'Asia/Jakarta': 'ID',
  'Asia/Tokyo': 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Kolkata': 'IN',
  'Asia/Dubai': 'AE',
  'Europe/London': 'GB',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Pacific/Auckland': 'NZ',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
};

/** The account's default country for numbers typed without a country code: its time zone's region, else Hong Kong. */
export function defaultPhoneCountry(timeZone: string | null | undefined): string {
  return (timeZone && COUNTRY_OF_TIME_ZONE[timeZone]) || DEFAULT_MOBILE_COUNTRY;
}

const MOBILE_CAPABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/**
 * A mobile number in E.164 (+85291234567), or null when it is not a valid number. A national
 * number needs the country it belongs to; an international one (leading + or 00) does not.
 * Identity and deduplication compare the E.164 form, so "9123 4567" (HK) and "+852 9123-4567"
 * are the same contact.
 */
export function normalizeMobile(input: string, defaultCountry?: string): string | null {
  const parsed = parseMobileInput(input, defaultCountry);
  return parsed ? mobileOfParsed(parsed) : null;
}

/** The number as typed, parsed (00 read as +); undefined when it is no phone number at all. */
export function parseMobileInput(input: string, defaultCountry?: string): PhoneNumber | undefined {
  const text = input.trim().replace(/^00/, '+');
  if (text === '' || text.length > 32) return undefined;
  return parsePhoneNumberFromString(text, defaultCountry as CountryCode | undefined);
}

/** A parsed number's E.164 form when it is a valid number that can be a mobile, else null. */
export function mobileOfParsed(parsed: PhoneNumber): string | null {
  // The type is known only for a valid number (with the max metadata, isValid is "has a type"),
  // so it is asked first and the validity check runs only for plans without types.
  const type = parsed.getType();
  if (type !== undefined) return MOBILE_CAPABLE.has(type) ? parsed.number : null;
  // A valid number whose plan cannot tell a landline from a mobile is accepted.
  return parsed.isValid() ? parsed.number : null;
}

/** Country of a stored number (ISO 3166 alpha-2), for the country selector of a form. */
export function countryOfMobile(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** The number as people write it internationally (+852 9123 4567), for display. */
export function formatMobile(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
