/**
 * Amazon SES v2 as the local host and the tests run it: the product's SES adapter
 * (functions/channels/mail.ts) calls this server through the real SDK (AWS_ENDPOINT_URL_SESV2),
 * and it answers SendEmail as SES does. An accepted message is appended to the sink (the dev
 * mailbox reads it) before the answer, and its events are published afterwards, outside the
 * sending process, as SES's configuration set publishes them (functions/channels/sink-events.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { publishSinkEvents } from '../../functions/channels/sink-events.js';
import { appendToSink, rawHeaderFields, type SinkMail, type SinkMessage } from '../../functions/channels/sink.js';
import { writeJson } from './http-event.js';

export type SesStandInOptions = {
  sinkDir: string;
  /**
   * Share of campaign sends answered TooManyRequestsException, as SES does over the sending rate;
   * read at each send. By default SINK_THROTTLE_FRACTION of this process's environment.
   */
  throttleFraction?: () => number;
};

/** The parts of SendEmailRequest the product sends (SES v2 API reference, SendEmail). */
type SendEmailRequest = {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: Array<{ Name: string; Value: string }>;
    };
    Raw?: { Data?: string };
  };
  EmailTags?: Array<{ Name: string; Value: string }>;
};

const SEND_EMAIL_PATH = '/v2/email/outbound-emails';

/** Answers the request when it is an SES v2 call; false when it is not one. */
export function createSesStandIn(options: SesStandInOptions) {
  return async function answerSes(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<boolean> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (request.method !== 'POST' || path !== SEND_EMAIL_PATH) return false;
    let input: SendEmailRequest;
    try {
      input = JSON.parse(body.toString('utf8')) as SendEmailRequest;
    } catch {
      sesError(response, 400, 'BadRequestException', 'The request body is not JSON');
      return true;
    }
    const to = input.Destination?.ToAddresses?.[0];
    if (!to || (!input.Content?.Simple && !input.Content?.Raw?.Data)) {
      sesError(response, 400, 'BadRequestException', 'A destination and content are required');
      return true;
    }
    const tags = Object.fromEntries((input.EmailTags ?? []).map((tag) => [tag.Name, tag.Value]));
    const throttleFraction = (options.throttleFraction ?? throttleFractionOfEnv)();
    if (input.Content.Raw && throttleFraction > 0 && Math.random() < throttleFraction) {
      sesError(response, 429, 'TooManyRequestsException', 'Maximum sending rate exceeded.');
      return true;
    }
    const id = randomUUID();
    const now = new Date();
    if (input.Content.Raw?.Data) {
      // Kept as SES got it; the mailbox reads it into parts when it is shown.
      const raw = Buffer.from(input.Content.Raw.Data, 'base64').toString('utf8');
      await appendToSink(options.sinkDir, { id, kind: 'mail', to, raw, tags, createdAt: now.toISOString() });
      const fields = rawHeaderFields(raw);
      publishSinkEvents({ messageId: id, from: fields.From ?? '', to, subject: fields.Subject ?? '', tags, timestamp: now });
    } else {
      const mail = mailOfSimple(input, to);
      await appendToSink(options.sinkDir, { id, kind: 'mail', createdAt: now.toISOString(), ...mail });
      // Tagged mail goes through the configuration set, which publishes its events too.
      if (input.EmailTags?.length) publishSinkEvents({ messageId: id, from: mail.from, to, subject: mail.subject, tags, timestamp: now });
    }
    writeJson(response, 200, { MessageId: id });
    return true;
  };
}

function throttleFractionOfEnv(): number {
  return Number(process.env.SINK_THROTTLE_FRACTION ?? 0);
}

function mailOfSimple(input: SendEmailRequest, to: string): SinkMessage<SinkMail> {
  const simple = input.Content?.Simple;
  return {
    from: input.FromEmailAddress ?? '',
    to,
    subject: simple?.Subject?.Data ?? '',
    text: simple?.Body?.Text?.Data ?? '',
    html: simple?.Body?.Html?.Data ?? '',
    headers: Object.fromEntries((simple?.Headers ?? []).map((header) => [header.Name, header.Value])),
  };
}

/** An error as SES v2's REST-JSON protocol writes it: the SDK names the exception from the header. */
function sesError(response: ServerResponse, statusCode: number, type: string, message: string): void {
  writeJson(response, statusCode, { message }, { 'x-amzn-ErrorType': type });
}
