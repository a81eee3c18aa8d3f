/** Where the socket connects and how it identifies itself (docs/api-contract.md). */
export type SocketIdentity = { token: string; userId: string; clientId: string };

/** The configured URL, or the host's own `/ws` when /config has none (the local host). */
export function socketBaseUrl(configured: string | null | undefined, location: Pick<Location, 'protocol' | 'host'>): string {
  if (configured) return configured;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export function socketUrl(base: string, identity: SocketIdentity): string {
  const url = new URL(base);
  url.searchParams.set('token', identity.token);
  url.searchParams.set('clientId', identity.clientId);
  url.searchParams.set('userId', identity.userId);
  return url.toString();
}
