/** The socket's per-tab client id (kept for the tab's life in sessionStorage, so a reload keeps it). */
const CLIENT_ID_KEY = 'realtime.clientId';
let fallbackId: string | undefined;

function randomId(): string {
  // getRandomValues, unlike randomUUID, also exists on plain-http origins (a LAN test server).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function tabClientId(): string {
  try {
    const stored = window.sessionStorage.getItem(CLIENT_ID_KEY);
    if (stored) return stored;
    const created = randomId();
    window.sessionStorage.setItem(CLIENT_ID_KEY, created);
    return created;
  } catch {
    // Blocked storage: the id then lasts as long as this page.
    return (fallbackId ??= randomId());
  }
}
