/**
 * Country calling codes of the SMS allowed list (spec §8 STT-SMS-01): a code is real when some
 * country of libphonenumber's metadata dials with it; a code names its countries, main one first.
 */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';

/**
 * The countries (ISO 3166 alpha-2) that dial with `code`, the code's main country first (+1 is the
 * United States before Canada); empty for an unknown code and for non-geographic ones (+800).
 */
export function countriesOfCallingCode(code: string): CountryCode[] {
  const countries: readonly string[] = metadata.country_calling_codes[code] ?? [];
  return countries.filter((country): country is CountryCode => isSupportedCountry(country));
}

/** "+852", "852", " 00852 " → "852"; null when it is not the calling code of any country. */
export function normalizeCallingCode(input: string): string | null {
  const digits = input.trim().replace(/^(\+|00)/, '');
  if (!/^\d{1,3}$/.test(digits)) return null;
  return countriesOfCallingCode(digits).length > 0 ? digits : null;
}
