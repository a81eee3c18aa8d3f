import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { readSink } from '../../../functions/channels/sink.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';

const ACCOUNT = '/api/v1/pageBasedAPI/settings/account';
let api: ApiClient;
let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

async function newUser(email: string) {
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname: 'Lin Hui', email, password: 'Verify-Me-2026' },
  });
  return answer.body.token;
}

/** Delivers queued mail and answers the code in the newest mail to `to`. */
async function latestCode(to: string): Promise<string> {
  await runQueueOnce('outbound-mail');
  const [mail] = await readSink(testTable.sinkDir, 'mail', { to });
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('login email verification', () => {
  it('mails a code that verifies the login email and lifts the unverified claim', async () => {
    // Prepare
    const token = await newUser('verify@example.com');
    // Act
    const sent = await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: { force: true } });
    const code = await latestCode('verify@example.com');
    const verified = await api.request<{ success: boolean; token: string }>('POST', `${ACCOUNT}/verify-account`, { token, body: { code } });
    // Assess
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, email: 'verify@example.com', lastSendTime: expect.any(String) });
    expect(verified.status).toBe(200);
    expect(decodeJwt(verified.body.token).unverified).toBe(false);
    const user = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: verified.body.token });
    expect(user.body).toMatchObject({ unverified: false, status: 'active', forceVerifyEndTime: null });
    const again = await api.request('POST', `${ACCOUNT}/send-account-verification`, { token: verified.body.token, body: {} });
    expect(again.body.statusCode).toBe(ERROR_CODES.ALREADY_VERIFIED);
  });

  it('blocks a resend within 60 seconds, and reports the last send without sending', async () => {
    // Prepare
    const token = await newUser('cooldown@example.com');
    const first = await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: {} });
    // Act
    const resend = await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: {} });
    const check = await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: { checkLastSendTimeOnly: true } });
    // Assess
    expect(resend.status).toBe(429);
    expect(resend.body.statusCode).toBe(ERROR_CODES.RESEND_TOO_SOON);
    expect(resend.body.retryAfter).toBeGreaterThan(50);
    expect(check.body.lastSendTime).toBe(first.body.lastSendTime);
    await runQueueOnce('outbound-mail');
    expect(await readSink(testTable.sinkDir, 'mail', { to: 'cooldown@example.com' })).toHaveLength(1);
  });

  it("answers 'Invalid verification code' for a wrong code and spends the code after 5 wrong guesses", async () => {
    // Prepare
    const token = await newUser('guess@example.com');
    await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: {} });
    const code = await latestCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    // Act
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await api.request('POST', `${ACCOUNT}/verify-account`, { token, body: { code: wrong } }));
    const right = await api.request('POST', `${ACCOUNT}/verify-account`, { token, body: { code } });
    // Assess
    expect(answers.every((a) => a.body.statusCode === ERROR_CODES.INVALID_VERIFICATION_CODE)).toBe(true);
    expect(answers[0].body.message).toBe('Invalid verification code');
    expect(right.body.statusCode).toBe(ERROR_CODES.INVALID_VERIFICATION_CODE);
  });

  it('changes the login email after confirming a code sent to the new address', async () => {
    // Prepare
    const token = await newUser('old-address@example.com');
    await newUser('taken@example.com');
    // Act
    const taken = await api.request('POST', `${ACCOUNT}/change-email-verifying`, { token, body: { email: 'taken@example.com' } });
    const sent = await api.request('POST', `${ACCOUNT}/change-email-verifying`, { token, body: { email: 'New-Address@example.com' } });
    const code = await latestCode('new-address@example.com');
    const changed = await api.request<{ token: string }>('POST', `${ACCOUNT}/change-email-verify`, { token, body: { email: 'new-address@example.com', code } });
    // Assess
    expect(taken.status).toBe(409);
    expect(taken.body.statusCode).toBe(ERROR_CODES.EMAIL_ALREADY_USED);
    expect(sent.body).toMatchObject({ success: true, email: 'new-address@example.com' });
    expect(changed.status).toBe(200);
    const user = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: changed.body.token });
    expect(user.body).toMatchObject({ login: 'new-address@example.com', unverified: false });
    const oldLogin = await api.request('POST', '/auth/login', { body: { email: 'old-address@example.com', password: 'Verify-Me-2026' } });
    const newLogin = await api.request('POST', '/auth/login', { body: { email: 'new-address@example.com', password: 'Verify-Me-2026' } });
    expect(oldLogin.status).toBe(400);
    expect(newLogin.status).toBe(200);
  });

  it('sends each queued mail once even when the queue delivers it twice', async () => {
    // Prepare
    const token = await newUser('once@example.com');
    await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: {} });
    const { handler } = await import('../../../functions/workers/outbound-mail.js');
    const { ReceiveMessageCommand } = await import('@aws-sdk/client-sqs');
    const { sqsClient } = await import('../../../functions/lib/aws/sqs.js');
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: testTable.queueUrls['outbound-mail'], MaxNumberOfMessages: 1 }));
    const message = received.Messages?.[0];
    const record = {
      messageId: message?.MessageId ?? '', receiptHandle: message?.ReceiptHandle ?? '', body: message?.Body ?? '',
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:0:q', awsRegion: 'us-east-1',
    };
    const context = { getRemainingTimeInMillis: () => 30_000 } as never;
    // Act
    const firstRun = await handler({ Records: [record] }, context);
    const secondRun = await handler({ Records: [record] }, context);
    // Assess
    expect(firstRun.batchItemFailures).toEqual([]);
    expect(secondRun.batchItemFailures).toEqual([]);
    expect(await readSink(testTable.sinkDir, 'mail', { to: 'once@example.com' })).toHaveLength(1);
  });
});
