/**
 * Entry of the fauxqs child process (started by startFauxqsProcess): serves SQS, SNS and S3 on
 * loopback, tells the parent its endpoint, then forwards each finished request for the persistence
 * mirror and journal. It exits when told to stop, or when the parent goes.
 */
import { startFauxqsServer, type FauxqsChildMessage, type FauxqsParentMessage } from './fauxqs-server.js';

const send = (message: FauxqsChildMessage): void => {
  if (process.connected) process.send?.(message);
};

const server = await startFauxqsServer({ onRequest: (request) => send({ type: 'request', request }) });
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  // Closing waits for requests under way; disconnecting sends their reports still queued, then exit.
  void server.stop().finally(() => {
    if (!process.connected) process.exit(0);
    process.once('disconnect', () => process.exit(0));
    process.disconnect();
  });
};
process.on('message', (message: FauxqsParentMessage) => {
  if (message.type === 'stop') stop();
});
process.on('disconnect', stop);
send({ type: 'ready', endpoint: server.endpoint, port: server.port });
