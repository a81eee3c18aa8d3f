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
  /** Resolves with the close code once the socket is closed (by either side). */
  waitForClose(timeoutMs?: number): Promise<number>;
  isOpen(): boolean;
  close(): void;
};

/** Polls `value` every 20 ms until it is defined, for at most `timeoutMs`. */
async function pollFor<T>(value: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = value();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens a tab's socket; every message must be a valid socket event of spec §7. */
export function openTab(host: TestHost, token: string, clientId: string): Promise<Tab> {
  const socket = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}&clientId=${clientId}`);
  const received: TSocketEvent[] = [];
  let closeCode: number | undefined;
  socket.on('message', (data) => received.push(ZSocketEvent.parse(JSON.parse(String(data)))));
  socket.on('close', (code) => (closeCode = code));
  const tab: Tab = {
    received,
    waitFor: (predicate, timeoutMs = 5000) =>
      pollFor(() => received.find(predicate), timeoutMs, () => `no matching socket event for ${clientId} within ${timeoutMs} ms; got ${JSON.stringify(received)}`),
    waitForClose: (timeoutMs = 5000) => pollFor(() => closeCode, timeoutMs, () => `the socket of ${clientId} was still open after ${timeoutMs} ms`),
    isOpen: () => socket.readyState === WebSocket.OPEN,
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
