/**
 * The local host: the whole product on one machine. One HTTP port serves the API routes of the
 * route table, the WebSocket gateway and its management API, the dev mailbox and the built web
 * app; behind it run DynamoDB Local and fauxqs (persisted under DATA_DIR), the queue poller and
 * the scheduler. Handlers are imported only after process.env points them at all of this.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { S3Client } from '@aws-sdk/client-s3';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { QUEUES, ROUTES, SCHEDULES, type QueueDefinition, type QueueName, type RouteDefinition, type ScheduleDefinition } from '../../functions/routes.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import { securityHeaderValues } from '../security-headers.js';
import { CONTENT_PATH, serveContent } from './content-site.js';
import { serveDevMailbox } from './dev-mailbox.js';
import { SES_DEV_ACTION_PATH, serveSesDevAction } from './ses-stand-in.js';
import { serveWebhookCatcher } from './webhook-catcher.js';
import { deadLetterQueueName, queueUrlVariables, startEmulators, type EmulatorEnv, type Emulators } from './emulators.js';
import { createHttpApi, type HttpApi } from './http-api.js';
import { readBody, writeJson } from './http-event.js';
import { isFunction, loadExport, REPO_ROOT, resolveProductModule, type ResolveModule } from './lambda-runtime.js';
import { loadDemoCredentials, loadJwtSecret, loadSupportCredentials, runPendingMigrations, seedDemoAccount, seedSupportAccount, type DemoCredentials } from './local-state.js';
import { createS3Mirror, type S3Mirror } from './persistence/s3-mirror.js';
import { startProviderStandIn, type ProviderStandIn } from './provider-stand-in.js';
import { createS3UploadProxy, S3_UPLOAD_PATH, type S3UploadProxy } from './s3-upload-proxy.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';
import { createSqsJournal, type SqsJournal } from './persistence/sqs-journal.js';
import { closeServer, isLoopbackAddress, listen, LOOPBACK } from './ports.js';
import { startQueuePoller, type QueuePoller } from './queue-poller.js';
import { startScheduler, type Scheduler } from './scheduler.js';
import { createStaticSite, type StaticSite } from './static-site.js';
import { createWebSocketGateway, type WebSocketGateway } from './websocket-gateway.js';
import { errorText, type Log } from './log.js';

export const TABLE_NAME = 'campaign-platform';
export const DATA_BUCKET = 'campaign-platform-data';
/** The file manager's hosted files, served at <host>/content. */
export const CONTENT_BUCKET = 'campaign-platform-content';
const QUEUE_PREFIX = 'campaign-platform-';
const WEBSOCKET_PATH = '/ws';
/** Where the Stripe stand-in posts its events: the payments webhook route of the route table. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe';
const MANAGEMENT_PATH = '/_ws';
/** Dev-only: creates a sample notification (functions/services/seed.ts createSampleNotification). */
/**
 * Dev-only actions (local host only; AWS has no such routes): each path runs one export of
 * functions/services/seed.ts with the JSON body, through the real services.
 * `POST /dev/api/notify` `{email, type, messageType, severity, values}`: a notification (stored,
 * pushed, mailed); `POST /dev/api/progress` `{email, payload}`: a progress report (stored, pushed);
 * `POST /dev/api/sms/inbound` `{from, to, body}`: a contact's reply to our number (the dev SMS
 * inbox's Reply form), put on the inbound-sms queue as two-way SMS would.
 */
const DEV_ACTIONS: Record<string, string> = {
  '/dev/api/notify': 'createSampleNotification',
  '/dev/api/progress': 'reportSampleProgress',
  '/dev/api/sms/inbound': 'replyToSms',
};
const DEV_ACTION_BODY_LIMIT = 64 * 1024;

export type LocalHostOptions = {
  /** 0 picks a free port. Default 3000. */
  port?: number;
  /** Where everything persists. Default `.data`. */
  dataDir?: string;
  /**
   * Keep the table in DynamoDB Local's memory instead of under dataDir (lost at stop). For
   * benchmarks that compare a workload with store-ceiling, which measures the in-memory store: on
   * disk DynamoDB Local commits each item of a batch on its own, three to four times slower.
   */
  tableInMemory?: boolean;
  /**
   * Use this running DynamoDB Local and table instead of starting a JVM (tests that start a host
   * per file share one). The table lives as long as that DynamoDB Local, not under dataDir.
   */
  sharedDynamoDb?: { endpoint: string; tableName: string };
  /** Tests: fauxqs (S3, SQS) in this process rather than a process of its own (see startEmulators). */
  fauxqsInProcess?: boolean;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Serve the dev pages and actions (/dev/*). Default: servesDevRoutes(host, DEV_ROUTES). */
  devRoutes?: boolean;
  /** The built web app. Default web/dist. */
  webDist?: string;
  /** Where handler modules come from; tests point it at fixtures. */
  resolveModule?: ResolveModule;
  routes?: readonly RouteDefinition[];
  queues?: readonly QueueDefinition[];
  /** The queues whose messages the host's workers take. Default all; a benchmark runs a worker in a process of its own. */
  pollQueues?: readonly QueueName[];
  schedules?: readonly ScheduleDefinition[];
  /** Log every API call. Default false (main.ts turns it on). */
  logRequests?: boolean;
  /** Create the demo and provider-support accounts at start. Default true. */
  seedDemo?: boolean;
  log?: Log;
};

export type LocalHost = {
  url: string;
  port: number;
  dataDir: string;
  demo: DemoCredentials;
  /** Whether /dev/* (mailbox, SMS inbox, dev actions) is served. */
  devRoutes: boolean;
  /** Provider support staff (admin): announcements, force-logout, locks. */
  support: DemoCredentials;
  /** The variables set for the handlers (emulator endpoints, table, queues, secrets). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * The dev routes show every user's mail (sign-in codes) and act for anyone, so they are served on
 * a host only this machine reaches; DEV_ROUTES=1 (or 0) decides otherwise.
 */
export function servesDevRoutes(bindHost: string, flag: string | undefined): boolean {
  if (flag === '1' || flag === '0') return flag === '1';
  return isLoopbackAddress(bindHost);
}

/** Handlers read one process.env, so one host per process at a time. */
let running = false;

export async function startLocalHost(options: LocalHostOptions = {}): Promise<LocalHost> {
  if (running) throw new Error('A local host is already running in this process; stop it first.');
  running = true;
  try {
    return await start(options);
  } catch (error) {
    running = false;
    throw error;
  }
}

async function start(options: LocalHostOptions): Promise<LocalHost> {
  const log = options.log ?? ((message: string) => console.log(`[local] ${message}`));
  const resolveModule = options.resolveModule ?? resolveProductModule;
  const queues = options.queues ?? QUEUES;
  const dataDir = resolve(options.dataDir ?? '.data');
  await mkdir(dataDir, { recursive: true });

  // Bind first: a taken port fails in milliseconds, before a JVM is started for nothing.
  let dispatch: (request: IncomingMessage, response: ServerResponse) => Promise<void> = async (_request, response) =>
    writeJson(response, 503, { statusCode: ERROR_CODES.GENERIC, message: 'The local host is starting' });
  const server = createServer((request, response) => void dispatch(request, response));
  const bindHost = options.host ?? LOOPBACK;
  const port = await listen(server, options.port ?? 3000, bindHost, 'the local host');
  const url = `http://localhost:${port}`;
  const devRoutes = options.devRoutes ?? servesDevRoutes(bindHost, process.env.DEV_ROUTES);

  let mirror: S3Mirror | undefined;
  let journal: SqsJournal | undefined;
  let emulators: Emulators | undefined;
  let poller: QueuePoller | undefined;
  let scheduler: Scheduler | undefined;
  let providers: ProviderStandIn | undefined;
  let stripe: StripeStandIn | undefined;
  try {
    const [started, jwtSecret, demo, support] = await Promise.all([
      startEmulators({
        dataDir: options.tableInMemory ? undefined : join(dataDir, 'dynamodb'),
        dynamoDbEndpoint: options.sharedDynamoDb?.endpoint,
        fauxqsInProcess: options.fauxqsInProcess,
        onFauxqsRequest: (request) => {
          mirror?.observe(request);
          journal?.observe(request);
        },
      }),
      loadJwtSecret(dataDir),
      loadDemoCredentials(dataDir),
      loadSupportCredentials(dataDir),
    ]);
    emulators = started;
    const awsEnv = started.env;
    const tableName = options.sharedDynamoDb?.tableName ?? TABLE_NAME;
    const { sqs, s3 } = hostClients(awsEnv);

    const [queueUrls] = await Promise.all([
      started.createQueues(QUEUE_PREFIX, queues),
      started.createTable(tableName),
      started.createBucket(DATA_BUCKET),
      started.createBucket(CONTENT_BUCKET),
    ]);
    mirror = createS3Mirror({ dataDir, s3, log });
    journal = createSqsJournal({ dataDir, sqs, endpoint: awsEnv.AWS_ENDPOINT_URL_SQS, log });
    const restoredObjects = (await mirror.restore(DATA_BUCKET)) + (await mirror.restore(CONTENT_BUCKET));
    const restoredMessages = await journal.restore(await allQueueUrls(sqs, queueUrls));
    if (restoredObjects + restoredMessages > 0) log(`Restored ${restoredObjects} S3 objects and ${restoredMessages} queued messages.`);

    const sinkDir = join(dataDir, 'sink');
    providers = await startProviderStandIn({ sinkDir });
    // A new endpoint secret each start: the handlers are given it with the rest of their environment.
    stripe = await startStripeStandIn({
      stateFile: join(dataDir, 'stripe', 'state.json'),
      webhookEndpoint: { url: `http://${LOOPBACK}:${port}${STRIPE_WEBHOOK_PATH}`, secret: `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, '')}` },
    });
    const env: Record<string, string> = {
      ...awsEnv,
      ...providers.env,
      ...stripe.env,
      STAGE: process.env.STAGE ?? 'development',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'DEBUG',
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'readable',
      TABLE_NAME: tableName,
      DATA_BUCKET,
      APP_URL: url,
      JWT_SECRET: jwtSecret,
      SINK_DIR: sinkDir,
      WEBSOCKET_URL: `ws://localhost:${port}${WEBSOCKET_PATH}`,
      WEBSOCKET_MANAGEMENT_URL: `http://${LOOPBACK}:${port}${MANAGEMENT_PATH}`,
      S3_PUBLIC_URL: `${url}${S3_UPLOAD_PATH}`,
      CONTENT_BUCKET,
      CONTENT_PUBLIC_URL: `${url}${CONTENT_PATH}`,
      ...queueUrlVariables(queues, queueUrls),
      // The dev webhook catcher (/dev/webhooks) is this host's own origin: deliveries may reach it
      // over http, and only where the dev routes are served (docs/security.md "Webhooks").
      ...(devRoutes ? { WEBHOOK_LOOPBACK_HOSTS: [`localhost:${port}`, `${LOOPBACK}:${port}`].join(',') } : {}),
    };
    Object.assign(process.env, env);
    resetConfigForTests();
    resetClientsForTests();

    // What the handlers sign their calls with: S3 links and management API calls are checked against it.
    const signer = { region: awsEnv.AWS_REGION, credentials: { accessKeyId: awsEnv.AWS_ACCESS_KEY_ID, secretAccessKey: awsEnv.AWS_SECRET_ACCESS_KEY } };
    const websocket = createWebSocketGateway({ resolveModule, managementPath: MANAGEMENT_PATH, signer, log });
    const api = createHttpApi({ routes: options.routes ?? ROUTES, resolveModule, log, logRequests: options.logRequests });
    const site = createStaticSite(options.webDist ?? join(REPO_ROOT, 'web', 'dist'));
    const uploads = createS3UploadProxy({ s3Endpoint: awsEnv.AWS_ENDPOINT_URL_S3, ...signer });
    // Plain HTTP here: no HSTS (docs/decisions.md "Security headers").
    // Card entry frames the Stripe stand-in's card form and 3-D Secure page and calls its API.
    const payments = { script: [], frame: [stripe.url], connect: [stripe.url] };
    const securityHeaders = securityHeaderValues({ websocket: [`ws://localhost:${port}`], storage: [url], payments }, { https: false });
    dispatch = routeRequests({ baseUrl: url, api, websocket, site, uploads, devRoutes, securityHeaders, sinkDir: env.SINK_DIR, s3Endpoint: awsEnv.AWS_ENDPOINT_URL_S3, resolveModule, log });
    server.on('upgrade', (request, socket, head) => {
      const requestUrl = new URL(request.url ?? '/', url);
      if (requestUrl.pathname === WEBSOCKET_PATH) websocket.upgrade(request, socket, head, requestUrl);
      else socket.destroy();
    });

    const polled = options.pollQueues ? queues.filter((queue) => options.pollQueues!.includes(queue.name)) : queues;
    poller = await startQueuePoller({ sqs, queues: polled, queueUrls, resolveModule, log });
    await runPendingMigrations({ resolveModule, log });
    scheduler = await startScheduler({ schedules: options.schedules ?? SCHEDULES, dataDir, resolveModule, log });
    if (options.seedDemo ?? true) {
      await seedDemoAccount({ resolveModule, credentials: demo, log });
      await seedSupportAccount({ resolveModule, credentials: support, log });
    }

    const stop = stopOnce(async () => {
      // Stop taking requests, let running work finish, then the emulators go last.
      const serverClosed = closeServer(server);
      await scheduler?.stop();
      await poller?.stop();
      await websocket.close();
      server.closeAllConnections();
      await serverClosed;
      await mirror?.close();
      await journal?.close();
      await providers?.stop();
      await stripe?.stop();
      sqs.destroy();
      s3.destroy();
      await started.stop();
      running = false;
    });
    return { url, port, dataDir, demo, devRoutes, support, env, stop };
  } catch (error) {
    await scheduler?.stop();
    await poller?.stop();
    await journal?.close();
    await providers?.stop();
    await stripe?.stop();
    await emulators?.stop();
    await closeServer(server);
    throw error;
  }
}

/** Which part of the host answers a request: management API, dev pages, API routes, web app. */
function routeRequests(parts: {
  baseUrl: string;
  api: HttpApi;
  websocket: WebSocketGateway;
  site: StaticSite;
  /** Presigned browser uploads and downloads, checked as S3 checks them. */
  uploads: S3UploadProxy;
  /** Whether /dev/* answers (servesDevRoutes). */
  devRoutes: boolean;
  /** Sent with every answer unless the answer sets the header itself (infra/security-headers.ts). */
  securityHeaders: Record<string, string>;
  sinkDir: string;
  /** The S3 emulator's endpoint, for the hosted files. */
  s3Endpoint: string;
  resolveModule: ResolveModule;
  log: Log;
}): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { api, websocket, site, log } = parts;
  return async (request, response) => {
    const url = new URL(request.url ?? '/', parts.baseUrl);
    for (const [name, value] of Object.entries(parts.securityHeaders)) response.setHeader(name, value);
    try {
      if (url.pathname.startsWith(`${S3_UPLOAD_PATH}/`)) {
        await parts.uploads(request, response, url);
      } else if (url.pathname.startsWith(`${CONTENT_PATH}/`)) {
        await serveContent(request, response, url, { s3Endpoint: parts.s3Endpoint, bucket: CONTENT_BUCKET });
      } else if (url.pathname.startsWith(`${MANAGEMENT_PATH}/`)) {
        // The handlers of this process call it on 127.0.0.1, signed as AWS requires (websocket-gateway.ts).
        if (!isLoopbackAddress(request.socket.remoteAddress) || !(await websocket.manage(request, response, url))) notFound(request, response, url);
      } else if (url.pathname.startsWith('/dev/') && !parts.devRoutes) {
        notFound(request, response, url);
      } else if (url.pathname === SES_DEV_ACTION_PATH) {
        await serveSesDevAction(request, response);
      } else if (url.pathname in DEV_ACTIONS) {
        await serveDevAction(request, response, DEV_ACTIONS[url.pathname], parts.resolveModule);
      } else if (url.pathname.startsWith('/dev/')) {
        if (!(await serveWebhookCatcher(request, response, url)) && !(await serveDevMailbox(response, url, { sinkDir: parts.sinkDir, contentBucket: CONTENT_BUCKET }))) notFound(request, response, url);
      } else if (await api.handle(request, response, url)) {
        // Answered by a handler.
      } else if (api.ownsPath(url.pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        notFound(request, response, url);
      } else {
        await site.serve(request, response, url);
      }
    } catch (error) {
      log(`${request.method} ${url.pathname} failed: ${errorText(error)}`);
      if (!response.headersSent) writeJson(response, 500, { statusCode: ERROR_CODES.GENERIC, message: 'Local host error' });
      else response.destroy();
    }
  };
}

type DevAction = (body: unknown) => Promise<unknown>;

/** Runs a dev action (DEV_ACTIONS) and answers its result, or its AppError in the spec's shape. */
async function serveDevAction(request: IncomingMessage, response: ServerResponse, action: string, resolveModule: ResolveModule): Promise<void> {
  if (request.method !== 'POST') {
    writeJson(response, 405, { statusCode: ERROR_CODES.ROUTE_NOT_FOUND, message: `Use POST ${request.url}` });
    return;
  }
  const body = await readBody(request, DEV_ACTION_BODY_LIMIT);
  // JSON only: another site's page can post a form or text here, but JSON needs a CORS preflight it cannot pass.
  const isJson = /^application\/json\b/i.test(request.headers['content-type'] ?? '');
  const input = body === 'too-large' || !isJson ? undefined : parseJson(body.toString('utf8'));
  if (input === undefined) {
    writeJson(response, 400, { statusCode: ERROR_CODES.MALFORMED_REQUEST, message: 'The body must be JSON (application/json) of at most 64 KiB.' });
    return;
  }
  const run = await loadExport(resolveModule('services', 'seed'), action, isFunction<DevAction>);
  try {
    writeJson(response, 201, await run(input));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    writeJson(response, error.httpStatus, error.toBody());
  }
}

/** The parsed JSON, or undefined when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function notFound(request: IncomingMessage, response: ServerResponse, url: URL): void {
  writeJson(response, 404, { statusCode: ERROR_CODES.ROUTE_NOT_FOUND, message: `No route for ${request.method} ${url.pathname}` });
}

function hostClients(env: EmulatorEnv): { sqs: SQSClient; s3: S3Client } {
  const common = {
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
  return {
    sqs: new SQSClient({ ...common, endpoint: env.AWS_ENDPOINT_URL_SQS }),
    s3: new S3Client({ ...common, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
  };
}

/** Every queue's URL by queue name, dead-letter queues included (the journal keeps those too). */
async function allQueueUrls(sqs: SQSClient, queueUrls: Record<QueueName, string>): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for (const queueUrl of Object.values(queueUrls)) {
    const name = queueUrl.slice(queueUrl.lastIndexOf('/') + 1);
    const dlq = await sqs.send(new GetQueueUrlCommand({ QueueName: deadLetterQueueName(name) }));
    all[name] = queueUrl;
    if (dlq.QueueUrl) all[deadLetterQueueName(name)] = dlq.QueueUrl;
  }
  return all;
}

function stopOnce(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stop());
}
