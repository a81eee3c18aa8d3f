/** A country's name in the user's language (Intl.DisplayNames), from its ISO 3166 code; the code itself when the browser has no name for it. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region' });
    return (code: string) => {
      try {
        return names.of(code.toUpperCase()) ?? code;
      } catch {
        // Not a region code (e.g. "unknown"): shown as it is.
        return code;
      }
    };
  }, [i18n.language]);
}
