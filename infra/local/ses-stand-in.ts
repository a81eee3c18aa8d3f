/**
 * The local SES stand-in: answers the SES v2 identity calls the product makes (CreateEmailIdentity,
 * GetEmailIdentity, DeleteEmailIdentity, PutEmailIdentityMailFromAttributes) on SES's REST-JSON
 * wire protocol, so the real SDK adapter (functions/lib/aws/ses-identities.ts) runs locally and in
 * tests. Identities are kept in the table, so they survive a restart like everything else. No DNS
 * is looked up: a new domain stays pending until the dev action `POST /dev/api/ses/identities`
 * `{identity, outcome: 'found' | 'failed'}` says what SES would have found.
 * Local host only; nothing here exists in AWS.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/data/keys.js';
import { isConditionFailure, table } from '../../functions/data/table-client.js';
import { writeJson } from './http-event.js';

/** Where the host serves the stand-in; AWS_ENDPOINT_URL_SESV2 points here. */
export const SES_STAND_IN_PATH = '/_ses';
/** The dev action that tells the stand-in what DNS holds for an identity. */
export const SES_DEV_ACTION_PATH = '/dev/api/ses/identities';

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

/** SES's error answer: the type in x-amzn-ErrorType, the text in the body. */
function sesError(response: ServerResponse, status: number, type: string, message: string): void {
  response.setHeader('x-amzn-ErrorType', type);
  writeJson(response, status, { message });
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

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

async function createIdentity(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
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

async function putMailFrom(request: IncomingMessage, response: ServerResponse, identity: string): Promise<void> {
  const body = await readBody(request);
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

/** Answers the SES v2 identity calls under SES_STAND_IN_PATH; false for any other path. */
export async function serveSesStandIn(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  if (!url.pathname.startsWith(`${SES_STAND_IN_PATH}/v2/email/identities`)) return false;
  const rest = url.pathname.slice(`${SES_STAND_IN_PATH}/v2/email/identities`.length).split('/').filter(Boolean).map(decodeURIComponent);
  const identity = rest[0]?.toLowerCase() ?? '';
  if (rest.length === 0 && request.method === 'POST') {
    await createIdentity(request, response);
  } else if (rest.length === 1 && request.method === 'GET') {
    const stored = await getIdentity(identity);
    if (stored) writeJson(response, 200, identityAnswer(stored));
    else sesError(response, 404, 'NotFoundException', `Email identity ${identity} does not exist.`);
  } else if (rest.length === 1 && request.method === 'DELETE') {
    const { db, name } = table();
    await db.send(new DeleteCommand({ TableName: name, Key: keys.localSesIdentity(identity) }));
    writeJson(response, 200, {});
  } else if (rest.length === 2 && rest[1] === 'mail-from' && request.method === 'PUT') {
    await putMailFrom(request, response, identity);
  } else {
    sesError(response, 404, 'NotFoundException', `The stand-in does not answer ${request.method} ${url.pathname}`);
  }
  return true;
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
  const body = request.method === 'POST' ? await readBody(request).catch(() => ({}) as Record<string, unknown>) : {};
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
