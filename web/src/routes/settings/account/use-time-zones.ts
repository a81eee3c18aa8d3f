/** The IANA time zones this browser knows, with the one being used at the top; the server checks the same names. */
import { useMemo } from 'react';

export function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    // UTC is not in every browser's list, and an old account may still be on it.
    return [...new Set([current, ...known, 'UTC'])].filter(Boolean);
  }, [current]);
}
