/**
 * fauxqs (SQS, SNS and S3 on one endpoint) in this process. Built with `buildApp` and listened on
 * loopback ourselves, because `startFauxqs` binds every interface.
 */
import type { Server } from 'node:http';
import { buildApp } from 'fauxqs';
import { LOCAL_REGION } from './dynamodb-local.js';
import { LOOPBACK } from './ports.js';

/** What an observer learns about each finished emulator request (for the persistence mirror). */
export type EmulatorRequest = {
  method: string;
  /** Path and query as received (S3 path style: `/bucket/key?...`). */
  url: string;
  statusCode: number;
  /** `AmazonSQS.SendMessage` and the like for SQS's JSON protocol. */
  amzTarget?: string;
};

/**
 * The part of fauxqs's Fastify app used here. fauxqs's declarations of `buildApp` do not resolve
 * under our compiler settings (its return type degrades to `any`), so we state what we rely on.
 */
type HookRequest = { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown };
type FauxqsApp = {
  addHook(name: 'preHandler', hook: (request: HookRequest) => Promise<void>): void;
  addHook(name: 'onSend', hook: (request: HookRequest, reply: unknown, payload: unknown) => Promise<unknown>): void;
  addHook(name: 'onResponse', hook: (request: HookRequest, reply: { statusCode: number }) => Promise<void>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
  server: Server;
};

export type FauxqsServer = { endpoint: string; port: number; stop(): Promise<void> };

export async function startFauxqsServer(
  options: { onRequest?: (request: EmulatorRequest) => void } = {},
): Promise<FauxqsServer> {
  const app: FauxqsApp = buildApp({ logger: false, defaultRegion: LOCAL_REGION });
  let endpoint = '';
  const internalOrigin = (): string => `http://sqs.${LOCAL_REGION}.localhost:${new URL(endpoint).port}`;

  // fauxqs names queues `http://sqs.<region>.localhost:<port>/...`, a host that does not resolve
  // on this machine (and the SDK sends to the queue URL's host). Clients see loopback URLs; the
  // emulator keeps its own names.
  app.addHook('preHandler', async (request) => {
    const body: unknown = request.body;
    if (isSqsCall(request.headers['x-amz-target']) && hasQueueUrl(body)) {
      body.QueueUrl = body.QueueUrl.replace(endpoint, internalOrigin());
    }
  });
  app.addHook('onSend', async (request, _reply, payload) =>
    isSqsCall(request.headers['x-amz-target']) && typeof payload === 'string'
      ? payload.replaceAll(internalOrigin(), endpoint)
      : payload,
  );

  const { onRequest } = options;
  if (onRequest) {
    app.addHook('onResponse', async (request, reply) => {
      const target = request.headers['x-amz-target'];
      onRequest({
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        amzTarget: typeof target === 'string' ? target : undefined,
      });
    });
  }
  await app.listen({ port: 0, host: LOOPBACK });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  endpoint = `http://${LOOPBACK}:${port}`;
  return { endpoint, port, stop: () => app.close() };
}

function isSqsCall(target: string | string[] | undefined): boolean {
  return typeof target === 'string' && target.startsWith('AmazonSQS.');
}

function hasQueueUrl(body: unknown): body is { QueueUrl: string } {
  return typeof body === 'object' && body !== null && 'QueueUrl' in body && typeof body.QueueUrl === 'string';
}
