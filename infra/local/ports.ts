/** Port helpers for the local host and its emulators; everything binds to loopback only. */
import type { Server } from 'node:http';
import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Whether an interface name or peer address is this machine's loopback (127.0.0.0/8, ::1, localhost). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const ip = (address ?? '').toLowerCase().replace(/^::ffff:/, '');
  return ip === 'localhost' || ip === '::1' || /^127(\.\d{1,3}){3}$/.test(ip);
}

/** A port the OS reports free right now (bind to port 0, read it, release it). */
export async function findFreePort(host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** True when something already listens on the port (the bind fails with EADDRINUSE). */
export async function isPortTaken(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(true);
      else reject(error);
    });
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    what: string,
  ) {
    super(`Port ${port} is already in use, so ${what} cannot start. Stop whatever holds it or choose another port.`);
    this.name = 'PortInUseError';
  }
}

/** Starts `server` on the port (0: any free one) and answers the port it got. */
export function listen(server: Server, port: number, host: string, name: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, name) : error),
    );
    server.listen(port, host, () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Resolves once the server stopped listening and its idle connections are closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    if (!server.listening) return resolveClose();
    server.close(() => resolveClose());
    // Keep-alive connections would hold close() open; open requests have been answered by now.
    server.closeIdleConnections();
  });
}
