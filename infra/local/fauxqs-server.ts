/**
 * fauxqs (SQS, SNS and S3 on one endpoint), run in a child process by startFauxqsProcess. Built
 * with `buildApp` and listened on loopback ourselves, because `startFauxqs` binds every interface.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp } from 'fauxqs';
import { guardChild } from './child-guard.js';
import { LOCAL_REGION } from './dynamodb-local.js';
import { REPO_ROOT } from './lambda-runtime.js';
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

/** What the fauxqs child process tells its parent over IPC. */
export type FauxqsChildMessage =
  | { type: 'ready'; endpoint: string; port: number }
  | { type: 'request'; request: EmulatorRequest };

/** What the parent tells the fauxqs child process. */
export type FauxqsParentMessage = { type: 'stop' };

const CHILD_READY_LIMIT_MS = 30_000;
const CHILD_STOP_LIMIT_MS = 5_000;

/**
 * fauxqs in a child process of its own, as S3 and SQS are services apart from the Lambda that
 * calls them: the objects it holds (an upload, an import's report lists) count against its memory,
 * not the host's that runs the workers. Requests are forwarded to `onRequest` as they finish.
 */
export async function startFauxqsProcess(
  options: { onRequest?: (request: EmulatorRequest) => void } = {},
): Promise<FauxqsServer> {
  const child = fork(fileURLToPath(new URL('./fauxqs-child.ts', import.meta.url)), [], {
    cwd: REPO_ROOT,
    // The TypeScript entry runs through tsx whatever started this process (tsx, vitest, node).
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const unguard = guardChild(child);
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    unguard();
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' } satisfies FauxqsParentMessage);
    const lingering = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_LIMIT_MS);
    await exited;
    clearTimeout(lingering);
  };

  const ready = new Promise<{ endpoint: string; port: number }>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`fauxqs did not start within ${CHILD_READY_LIMIT_MS} ms`)), CHILD_READY_LIMIT_MS);
    child.on('message', (message: FauxqsChildMessage) => {
      if (message.type === 'request') options.onRequest?.(message.request);
      else {
        clearTimeout(limit);
        resolve(message);
      }
    });
    void exited.then(() => {
      clearTimeout(limit);
      reject(new Error(`fauxqs exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`));
    });
  });
  try {
    const { endpoint, port } = await ready;
    return { endpoint, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
