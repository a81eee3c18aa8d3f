/**
 * Keeps one socket connection per tab while signed in (mounted once in the app): opens it with
 * the current token, reopens it for another user or session, stops it on logout, and after a
 * reconnect tells subscribers and refetches the lists it may have missed events for; after a drop
 * or a refused attempt it checks the session is still open.
 */
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { user } from '../../../shared/contracts/user.js';
import { useAppConfig } from '../api/config.js';
import { isRouteKey } from '../api/routes.js';
import { getClaims, getToken, useClaims } from '../session/session.js';
import { tabClientId } from './client-id.js';
import { createSocketConnection, type SocketConnection } from './connection.js';
import { dispatchSocketEvent, dispatchSocketReconnected } from './socket.js';
import { socketBaseUrl, socketUrl } from './socket-url.js';
import { isMissedWhileOfflineKey } from './swr-keys.js';
import { useDataEvents } from './use-data-events.js';

function currentSocketUrl(base: string): string | null {
  const token = getToken();
  const claims = getClaims();
  if (!token || !claims) return null;
  return socketUrl(base, { token, userId: claims.loginTuid, clientId: tabClientId() });
}

/** Mounted once in the app: the connection and the data events it drives. */
export function RealtimeHost() {
  useDataEvents();
  const config = useAppConfig();
  const claims = useClaims();
  const { mutate } = useSWRConfig();
  const connection = useRef<SocketConnection | null>(null);
  const base = config ? socketBaseUrl(config.websocketUrl, window.location) : null;
  // A new user or session needs a new connection; a refreshed token of the same session does not.
  const identity = claims ? `${claims.loginTuid}:${claims.sid}` : null;
  const token = claims ? getToken() : null;

  useEffect(() => {
    if (!base || !identity) return undefined;
    const current = createSocketConnection({
      url: () => currentSocketUrl(base),
      createSocket: (url) => new WebSocket(url),
      onEvent: dispatchSocketEvent,
      onReconnected: () => {
        dispatchSocketReconnected();
        void mutate(isMissedWhileOfflineKey);
      },
      // The server closes an ended session's sockets and refuses its reconnects: asking who the
      // user is then answers 401, which opens sign-in returning to this page, before the next click.
      onClosed: () => void mutate((key) => isRouteKey(key, user.routes.get)),
    });
    connection.current = current;
    current.start();
    const retry = () => current.retryNow();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      current.stop();
      connection.current = null;
    };
  }, [base, identity, mutate]);

  // A refused connect may have been an expired token: try the refreshed one without waiting.
  useEffect(() => {
    if (token) connection.current?.retryNow();
  }, [token]);

  return null;
}
