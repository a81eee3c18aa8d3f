/**
 * Drives a whole local host the way browsers do, for the notification, announcement and admin
 * tests: sessions signed up and logged in with a browser's user agent (API calls go through
 * `call(host.api, session, ...)`), and real WebSocket clients (one per tab) that record the socket
 * events they receive.
 */
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { ZSocketEvent, type TSocketEvent } from '../../shared/schemas/realtime.js';
import type { TestHost } from './local-host.js';

export const PASSWORD = 'Socket-Tests-2026';

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36';
export const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

export type Session = { token: string; userId: string; sid: string };

function sessionOf(token: string): Session {
  const claims = decodeJwt(token);
  return { token, userId: String(claims.loginTuid), sid: String(claims.sid) };
}

export async function signUp(host: TestHost, email: string, fullname = 'Socket User'): Promise<Session> {
  const answer = await host.api.request<{ token: string }>('POST', '/auth/signup', { body: { fullname, email, password: PASSWORD } });
  if (answer.status !== 201) throw new Error(`sign-up of ${email} answered ${answer.status}`);
  return sessionOf(answer.body.token);
}

export async function logIn(host: TestHost, email: string, password = PASSWORD, userAgent = CHROME_ON_WINDOWS): Promise<Session> {
  const answer = await host.api.request<{ token: string }>('POST', '/auth/login', { body: { email, password }, headers: { 'user-agent': userAgent } });
  if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return sessionOf(answer.body.token);
}

export type Tab = {
  received: TSocketEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(predicate: (event: TSocketEvent) => boolean, timeoutMs?: number): Promise<TSocketEvent>;
  close(): void;
};

/** Opens a tab's socket; every message must be a valid socket event of spec §7. */
export function openTab(host: TestHost, token: string, clientId: string): Promise<Tab> {
  const socket = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}&clientId=${clientId}`);
  const received: TSocketEvent[] = [];
  socket.on('message', (data) => received.push(ZSocketEvent.parse(JSON.parse(String(data)))));
  const tab: Tab = {
    received,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching socket event for ${clientId} within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(tab));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

/** Lets in-flight pushes land before asserting that something did not arrive. */
export function settle(ms = 200): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
