/**
 * The local SES stand-in (infra/local/ses-stand-in.ts) for tests that call the handlers in
 * process: served on a free 127.0.0.1 port, with AWS_ENDPOINT_URL_SESV2 (and the cached SDK
 * clients) pointed at it, so the real SES v2 adapter makes its real calls.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { SES_STAND_IN_PATH, serveSesStandIn } from '../../infra/local/ses-stand-in.js';

export { markSesIdentityRecords } from '../../infra/local/ses-stand-in.js';

/** Starts the stand-in; answers its `close()`. */
export async function useSesStandIn(): Promise<{ close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void serveSesStandIn(request, response, new URL(request.url ?? '/', 'http://127.0.0.1')).then((served) => {
      if (!served) response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SES_STAND_IN_PATH}`;
  resetClientsForTests();
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
