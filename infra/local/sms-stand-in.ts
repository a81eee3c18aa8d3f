/**
 * AWS End User Messaging SMS (the sms-voice v2 API) as the local host and the tests run it: the
 * product's adapter (functions/channels/sms.ts) calls this server through the real SDK
 * (AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2), and it answers as the service does, in its JSON
 * protocol (`X-Amz-Target: PinpointSMSVoiceV2.<Op>`, errors named by `__type`).
 * - SendTextMessage, SendMediaMessage: an accepted message is appended to the sink (the dev SMS
 *   page reads it; an MMS keeps its s3:// media URIs as sent) before the answer, and its final
 *   receipt is published afterwards, outside the sending process, as the configuration set's event
 *   destination publishes it (functions/channels/sink-events.ts).
 * - Refusals as the service words them: the opted-out simulator number gets ConflictException
 *   DESTINATION_PHONE_NUMBER_OPTED_OUT; a missing or malformed destination, body or medium gets
 *   ValidationException, as does an MMS with no origination identity (the service requires one);
 *   a share of sends (throttleFraction) gets ThrottlingException.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { publishSinkSmsEvents, SMS_SIMULATOR_NUMBERS } from '../../functions/channels/sink-events.js';
import { appendToSink } from '../../functions/channels/sink.js';
import { countSmsSegments } from '../../shared/domain/sms-segments.js';
import { throttleFractionOfEnv, type ProviderOptions } from './provider-options.js';

/** The parts of SendTextMessageRequest and SendMediaMessageRequest the product sends (sms-voice v2 API reference). */
type SendMessageRequest = {
  DestinationPhoneNumber?: string;
  OriginationIdentity?: string;
  MessageBody?: string;
  MediaUrls?: string[];
  Context?: Record<string, string>;
};

const TARGET_PREFIX = 'PinpointSMSVoiceV2.';
const OPERATIONS = new Set(['SendTextMessage', 'SendMediaMessage']);
/** The service's patterns and limits for these fields. */
const E164 = /^\+[1-9][0-9]{1,18}$/;
const S3_URI = /^s3:\/\/[a-z0-9.-]{3,63}\/.+$/;
const MAX_BODY_LENGTH = 1600;
/** The MMS-capable number this stand-in's account holds (a reserved fictional Hong Kong number), as a deployment names its own. */
export const STAND_IN_MMS_NUMBER = '+85255501234';

/** The service's error, as its JSON protocol writes it: the SDK names the exception from `__type`. */
class SmsServiceError extends Error {
  constructor(
    readonly type: 'ValidationException' | 'ConflictException' | 'ThrottlingException',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Why the request cannot be sent, as the service's ValidationException says it; null when it can. */
function validationProblem(operation: string, input: SendMessageRequest): string | null {
  if (!input.DestinationPhoneNumber || !E164.test(input.DestinationPhoneNumber)) return 'DestinationPhoneNumber must be a phone number in E.164 format';
  if ((input.MessageBody?.length ?? 0) > MAX_BODY_LENGTH) return `MessageBody must be at most ${MAX_BODY_LENGTH} characters`;
  if (operation === 'SendTextMessage') return input.MessageBody ? null : 'MessageBody is required';
  if (!input.OriginationIdentity) return 'OriginationIdentity is required';
  const media = input.MediaUrls ?? [];
  if (media.length === 0 && !input.MessageBody) return 'MessageBody or MediaUrls is required';
  return media.every((uri) => S3_URI.test(uri)) ? null : 'MediaUrls must be s3:// URIs of objects in S3';
}

async function send(operation: string, input: SendMessageRequest, options: ProviderOptions): Promise<string> {
  const problem = validationProblem(operation, input);
  if (problem) throw new SmsServiceError('ValidationException', problem, { Reason: 'INVALID_PARAMETER' });
  const to = input.DestinationPhoneNumber!;
  // Refused at once, as the service does for a number on the opt-out list: nothing is published.
  if (to === SMS_SIMULATOR_NUMBERS.optedOut) {
    throw new SmsServiceError('ConflictException', 'The destination phone number is opted out', {
      Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
      ResourceType: 'opt-out-list',
      ResourceId: 'Default',
    });
  }
  const throttleFraction = (options.throttleFraction ?? throttleFractionOfEnv)();
  if (throttleFraction > 0 && Math.random() < throttleFraction) throw new SmsServiceError('ThrottlingException', 'Rate exceeded');
  const id = randomUUID();
  const now = new Date();
  const text = input.MessageBody ?? '';
  const mediaUrls = operation === 'SendMediaMessage' ? (input.MediaUrls ?? []) : [];
  const tags = input.Context ?? {};
  // An MMS is billed as one message whatever its length.
  const segments = operation === 'SendMediaMessage' ? 1 : countSmsSegments(text).segments;
  const from = input.OriginationIdentity ?? '';
  await appendToSink(options.sinkDir, { id, kind: 'sms', from, to, text, mediaUrls, tags, segments, createdAt: now.toISOString() });
  publishSinkSmsEvents({ messageId: id, from: input.OriginationIdentity ?? null, to, tags, parts: segments, mediaUrls, timestamp: now });
  return id;
}

/** Answers the request when it is an sms-voice v2 call; false when it is not one. */
export function createSmsStandIn(options: ProviderOptions) {
  return async function answerSms(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<boolean> {
    const target = request.headers['x-amz-target'];
    if (request.method !== 'POST' || typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) return false;
    const operation = target.slice(TARGET_PREFIX.length);
    try {
      if (!OPERATIONS.has(operation)) throw new SmsServiceError('ValidationException', `The stand-in does not answer ${operation}`, { Reason: 'UNKNOWN_OPERATION' });
      let input: SendMessageRequest;
      try {
        input = JSON.parse(body.toString('utf8')) as SendMessageRequest;
      } catch {
        throw new SmsServiceError('ValidationException', 'The request body is not JSON', { Reason: 'CANNOT_PARSE' });
      }
      writeAwsJson(response, 200, { MessageId: await send(operation, input, options) });
    } catch (error) {
      if (!(error instanceof SmsServiceError)) throw error;
      writeAwsJson(response, 400, { __type: error.type, Message: error.message, ...error.fields });
    }
    return true;
  };
}

function writeAwsJson(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-RequestId': randomUUID() }).end(JSON.stringify(body));
}
