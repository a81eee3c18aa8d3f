/**
 * Amazon SES v2 as the local host and the tests run it: the product's SES adapters
 * (functions/channels/mail.ts, functions/lib/aws/ses-identities.ts) call this server through the
 * real SDK (AWS_ENDPOINT_URL_SESV2), and it answers as SES does.
 * - SendEmail: an accepted message is appended to the sink (the dev mailbox reads it) before the
 *   answer, and its events are published afterwards, outside the sending process, as SES's
 *   configuration set publishes them (functions/channels/sink-events.ts). As SES, it refuses a
 *   From whose address or domain is not a verified identity (400 MessageRejected); the platform's
 *   own sending domain (MAIL_FROM's) is verified from the start, as the operator verifies it in SES.
 * - Identities (CreateEmailIdentity, GetEmailIdentity, DeleteEmailIdentity,
 *   PutEmailIdentityMailFromAttributes): kept in the table, so they survive a restart. No DNS is
 *   looked up: a new domain stays pending until the dev action `POST /dev/api/ses/identities`
 *   `{identity, outcome: 'found' | 'failed'}` says what SES would have found.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { publishSinkEvents } from '../../functions/channels/sink-events.js';
import { keys } from '../../functions/data/keys.js';
import { isConditionFailure, table } from '../../functions/data/table-client.js';
import { appendToSink, rawHeaderFields, type SinkMail, type SinkMessage } from '../../functions/channels/sink.js';
import { platformSender } from '../../functions/channels/mail.js';
import { domainOfAddress } from '../../shared/domain/sender-identities.js';
import { writeJson } from './http-event.js';
import { throttleFractionOfEnv, type ProviderOptions } from './provider-options.js';


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
const IDENTITIES_PATH = '/v2/email/identities';

/** The dev action that tells the stand-in what DNS holds for an identity. */
export const SES_DEV_ACTION_PATH = '/dev/api/ses/identities';

/** Answers the request when it is an SES v2 call; false when it is not one. */
export function createSesStandIn(options: ProviderOptions) {
  // The domain of the platform's own From (MAIL_FROM) is verified from the start. It is read at the
  // first send: the host starts the stand-in before it has set the product's configuration.
  let verifiedAtStart: ReadonlySet<string> | null = null;
  return async function answerSes(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<boolean> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (await answerIdentityCall(request, body, response, path)) return true;
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
    const raw = input.Content.Raw?.Data ? Buffer.from(input.Content.Raw.Data, 'base64').toString('utf8') : null;
    const from = addressOf(input.FromEmailAddress ?? (raw === null ? '' : (rawHeaderFields(raw).From ?? '')));
    verifiedAtStart ??= new Set([domainOfAddress(platformSender().address)]);
    if (!(await isVerifiedSender(from, verifiedAtStart))) {
      sesError(response, 400, 'MessageRejected', `Email address is not verified. The following identities failed the check in region ${process.env.AWS_REGION ?? 'us-east-1'}: ${from}`);
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
    if (raw !== null) {
      // Kept as SES got it; the mailbox reads it into parts when it is shown.
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

/** The address of a From field (`Name <address>` or the bare address), lower-cased. */
function addressOf(from: string): string {
  return (/<([^>]*)>/.exec(from)?.[1] ?? from).trim().toLowerCase();
}

/**
 * Whether SES would send from `address`: it, its domain or a parent domain is a verified identity
 * (SES v2, "Verified identities": a verified domain covers its subdomains).
 */
async function isVerifiedSender(address: string, verifiedAtStart: ReadonlySet<string>): Promise<boolean> {
  const domain = domainOfAddress(address);
  if (domain === '') return false;
  const labels = domain.split('.');
  const candidates = [address, ...labels.slice(0, Math.max(1, labels.length - 1)).map((_label, index) => labels.slice(index).join('.'))];
  if (candidates.some((identity) => verifiedAtStart.has(identity))) return true;
  const stored = await Promise.all(candidates.map(getIdentity));
  return stored.some((identity) => identity?.dkimStatus === 'SUCCESS');
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

type DkimStatus = 'PENDING' | 'SUCCESS' | 'FAILED';
type StoredIdentity = {
  identity: string;
  identityType: 'DOMAIN' | 'EMAIL_ADDRESS';
  dkimTokens: string[];
  dkimStatus: DkimStatus;
  mailFromDomain: string | null;
  mailFromStatus: 'PENDING' | 'SUCCESS' | 'FAILED';
  createTime: string;
};

async function getIdentity(identity: string): Promise<StoredIdentity | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.localSesIdentity(identity), ConsistentRead: true }));
  if (!answer.Item) return null;
  const { PK: _pk, SK: _sk, ...stored } = answer.Item;
  return stored as StoredIdentity;
}

function identityAnswer(stored: StoredIdentity): Record<string, unknown> {
  const verified = stored.dkimStatus === 'SUCCESS';
  return {
    IdentityType: stored.identityType,
    FeedbackForwardingStatus: true,
    VerifiedForSendingStatus: verified,
    VerificationStatus: verified ? 'SUCCESS' : stored.dkimStatus,
    DkimAttributes: { SigningEnabled: true, Status: stored.dkimStatus, Tokens: stored.dkimTokens, SigningAttributesOrigin: 'AWS_SES' },
    MailFromAttributes: stored.mailFromDomain ? { MailFromDomain: stored.mailFromDomain, MailFromDomainStatus: stored.mailFromStatus, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' } : undefined,
    Tags: [],
  };
}

async function createIdentity(body: Record<string, unknown>, response: ServerResponse): Promise<void> {
  const identity = typeof body.EmailIdentity === 'string' ? body.EmailIdentity.toLowerCase() : '';
  if (identity === '') return sesError(response, 400, 'BadRequestException', 'EmailIdentity is required');
  const isDomain = !identity.includes('@');
  // Easy DKIM: three tokens, each a CNAME the domain's owner publishes.
  const stored: StoredIdentity = {
    identity,
    identityType: isDomain ? 'DOMAIN' : 'EMAIL_ADDRESS',
    dkimTokens: isDomain ? Array.from({ length: 3 }, () => randomBytes(16).toString('hex')) : [],
    dkimStatus: 'PENDING',
    mailFromDomain: null,
    mailFromStatus: 'PENDING',
    createTime: new Date().toISOString(),
  };
  const { db, name } = table();
  try {
    await db.send(new PutCommand({ TableName: name, Item: { ...keys.localSesIdentity(identity), ...stored }, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (error) {
    if (isConditionFailure(error)) return sesError(response, 400, 'AlreadyExistsException', `Email identity ${identity} already exist.`);
    throw error;
  }
  const answer = identityAnswer(stored);
  writeJson(response, 200, { IdentityType: answer.IdentityType, VerifiedForSendingStatus: false, DkimAttributes: answer.DkimAttributes });
}

async function putMailFrom(body: Record<string, unknown>, response: ServerResponse, identity: string): Promise<void> {
  const mailFrom = typeof body.MailFromDomain === 'string' ? body.MailFromDomain.toLowerCase() : '';
  if (mailFrom !== '' && !mailFrom.endsWith(`.${identity}`)) return sesError(response, 400, 'BadRequestException', 'The MAIL FROM domain must be a subdomain of the identity.');
  const { db, name } = table();
  try {
    await db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.localSesIdentity(identity),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET mailFromDomain = :domain, mailFromStatus = :pending',
        ExpressionAttributeValues: { ':domain': mailFrom === '' ? null : mailFrom, ':pending': 'PENDING' },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return sesError(response, 404, 'NotFoundException', `Email identity ${identity} does not exist.`);
    throw error;
  }
  writeJson(response, 200, {});
}

/** Answers the SES v2 identity calls (under /v2/email/identities); false for any other path. */
async function answerIdentityCall(request: IncomingMessage, body: Buffer, response: ServerResponse, path: string): Promise<boolean> {
  if (!path.startsWith(IDENTITIES_PATH)) return false;
  const rest = path.slice(IDENTITIES_PATH.length).split('/').filter(Boolean).map(decodeURIComponent);
  const identity = rest[0]?.toLowerCase() ?? '';
  const input = jsonObjectOf(body);
  if (rest.length === 0 && request.method === 'POST') {
    await createIdentity(input, response);
  } else if (rest.length === 1 && request.method === 'GET') {
    const stored = await getIdentity(identity);
    if (stored) writeJson(response, 200, identityAnswer(stored));
    else sesError(response, 404, 'NotFoundException', `Email identity ${identity} does not exist.`);
  } else if (rest.length === 1 && request.method === 'DELETE') {
    const { db, name } = table();
    await db.send(new DeleteCommand({ TableName: name, Key: keys.localSesIdentity(identity) }));
    writeJson(response, 200, {});
  } else if (rest.length === 2 && rest[1] === 'mail-from' && request.method === 'PUT') {
    await putMailFrom(input, response, identity);
  } else {
    sesError(response, 404, 'NotFoundException', `The stand-in does not answer ${request.method} ${path}`);
  }
  return true;
}

function jsonObjectOf(body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (text === '') return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/**
 * The dev action: what SES would find in DNS for `identity` at its next check, `found` (DKIM and
 * MAIL FROM records published) or `failed` (not found in time).
 */
export async function markSesIdentityRecords(identity: string, outcome: 'found' | 'failed'): Promise<boolean> {
  const { db, name } = table();
  const status = outcome === 'found' ? 'SUCCESS' : 'FAILED';
  try {
    await db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.localSesIdentity(identity.toLowerCase()),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET dkimStatus = :status, mailFromStatus = :status',
        ExpressionAttributeValues: { ':status': status },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Serves SES_DEV_ACTION_PATH: `{identity, outcome}`. */
export async function serveSesDevAction(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = request.method === 'POST' ? await readJsonBody(request).catch(() => ({}) as Record<string, unknown>) : {};
  const identity = typeof body.identity === 'string' ? body.identity.trim() : '';
  const outcome = body.outcome === 'failed' ? 'failed' : body.outcome === 'found' ? 'found' : null;
  if (identity === '' || !outcome) {
    writeJson(response, 400, { statusCode: 'VALIDATE_INVALID_INPUT', message: "POST {identity, outcome: 'found' | 'failed'}" });
    return;
  }
  if (!(await markSesIdentityRecords(identity, outcome))) {
    writeJson(response, 404, { statusCode: 'VAL-REC-01', message: `No SES identity ${identity}.` });
    return;
  }
  writeJson(response, 200, { success: true });
}

async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return jsonObjectOf(Buffer.concat(chunks));
}

/** An error as SES v2's REST-JSON protocol writes it: the SDK names the exception from the header. */
function sesError(response: ServerResponse, statusCode: number, type: string, message: string): void {
  writeJson(response, statusCode, { message }, { 'x-amzn-ErrorType': type });
}
