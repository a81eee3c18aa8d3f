/**
 * The mobile number's country selector: every country libphonenumber knows, named in the UI
 * language by the browser (Intl.DisplayNames), so no table of names ships with the app.
 */
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

export type PhoneCountry = { code: string; callingCode: string; name: string };

/** Where a number typed without a country code is assumed to be, when nothing better is known. */
export const FALLBACK_COUNTRY = 'HK';

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

/** The country a new contact's number defaults to: the account's region, else Hong Kong. */
export function defaultPhoneCountry(timeZone: string | null | undefined): string {
  return (timeZone && COUNTRY_OF_TIME_ZONE[timeZone]) || FALLBACK_COUNTRY;
}

/** Every country with its calling code, sorted by name in the UI language. */
export function phoneCountries(locale: string): PhoneCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    // A runtime without region names still lists the codes.
  }
  return getCountries()
    .map((code) => ({ code, callingCode: getCountryCallingCode(code), name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
