/**
 * The sending providers we cannot run here (Amazon SES v2, and End User Messaging SMS), served on
 * one loopback port as their APIs answer, so the product's real SDK adapters run locally and in
 * tests. The local host starts one; the benchmarks start one in a process of its own, so the
 * sending process does only what a delivery Lambda does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, writeJson } from './http-event.js';
import { closeServer, listen, LOOPBACK } from './ports.js';
import type { ProviderOptions } from './provider-options.js';
import { createSesStandIn } from './ses-stand-in.js';
import { createSmsStandIn, STAND_IN_MMS_NUMBER } from './sms-stand-in.js';

export type ProviderStandInOptions = ProviderOptions & {
  port?: number;
  /** Tests: the server does not keep the process alive by itself. */
  unref?: boolean;
};

export type ProviderStandIn = {
  /** The endpoint for AWS_ENDPOINT_URL_SESV2 and AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2. */
  url: string;
  /** The variables that point the SDK clients of this process (or a child's) at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** Large enough for SES's largest message (40 MB, base64 in JSON). */
const REQUEST_LIMIT_BYTES = 64 * 1024 * 1024;

export async function startProviderStandIn(options: ProviderStandInOptions): Promise<ProviderStandIn> {
  const answerSes = createSesStandIn(options);
  const answerSms = createSmsStandIn(options);
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request, REQUEST_LIMIT_BYTES);
    if (body === 'too-large') return writeJson(response, 413, { message: 'Request too large' });
    if ((await answerSms(request, body, response)) || (await answerSes(request, body, response))) return;
    writeJson(response, 404, { message: 'Unknown operation' }, { 'x-amzn-ErrorType': 'UnknownOperationException' });
  };
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) writeJson(response, 500, { message: error instanceof Error ? error.message : String(error) }, { 'x-amzn-ErrorType': 'InternalFailure' });
    });
  });
  const port = await listen(server, options.port ?? 0, LOOPBACK, 'the provider stand-in');
  if (options.unref) server.unref();
  const url = `http://${LOOPBACK}:${port}`;
  return { url, env: { AWS_ENDPOINT_URL_SESV2: url, AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: url, MMS_ORIGINATION_IDENTITY: STAND_IN_MMS_NUMBER }, stop: () => closeServer(server) };
}
