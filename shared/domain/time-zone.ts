/** IANA time zones: what the runtime knows (Intl), so the browser's list and the server's check agree. */

/** True when `value` names a time zone the runtime can format dates in. */
export function isTimeZone(value: string | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
