/**
 * The mobile number's country selector: every country libphonenumber knows, named in the UI
 * language by the browser (Intl.DisplayNames), so no table of names ships with the app.
 */
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';

export type PhoneCountry = { code: string; callingCode: string; name: string };

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
