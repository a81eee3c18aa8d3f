import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { readSink } from '../../../functions/channels/sink.js';
import { documentClient } from '../../../functions/lib/aws/dynamodb.js';
import { verifyToken } from '../../../functions/lib/jwt.js';
import { verifyAccount } from '../../../functions/services/session/verification.js';
import { VERIFICATION_MAX_ATTEMPTS } from '../../../shared/constants.js';
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

/** Which guess of a burst a store call belongs to. */
const guessOfCall = new AsyncLocalStorage<number>();

/**
 * Holds the first verification-code store call of each of `burst` guesses until all have
 * arrived, runs them one after another in guess order, and only then hands back their answers:
 * the interleaving where every guess reaches the store before any learns its outcome. Answers
 * how many of those calls the store granted.
 */
function interleaveGuessesAtTheStore(burst: number): { granted: () => number; restore: () => void } {
  const db = documentClient();
  const send = db.send.bind(db);
  const held: Array<{ guess: number; command: Parameters<typeof send>[0]; settle: (outcome: PromiseSettledResult<unknown>) => void }> = [];
  const seen = new Set<number>();
  let granted = 0;
  const runInGuessOrder = async (): Promise<void> => {
    const outcomes = [];
    for (const call of held.sort((a, b) => a.guess - b.guess)) {
      const [outcome] = await Promise.allSettled([send(call.command)]);
      if (outcome.status === 'fulfilled') granted += 1;
      outcomes.push(() => call.settle(outcome));
    }
    for (const deliver of outcomes) deliver();
  };
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
    const guess = guessOfCall.getStore();
    const sortKey = (command.input as { Key?: { SK?: unknown } }).Key?.SK;
    if (guess === undefined || seen.has(guess) || typeof sortKey !== 'string' || !sortKey.startsWith('VERIFY#')) return send(command);
    seen.add(guess);
    return new Promise<unknown>((resolve, reject) => {
      held.push({ guess, command, settle: (outcome) => (outcome.status === 'fulfilled' ? resolve(outcome.value) : reject(outcome.reason)) });
      if (held.length === burst) void runInGuessOrder();
    });
  }) as typeof db.send);
  return { granted: () => granted, restore: () => spy.mockRestore() };
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

  it.each([
    ['refuses the right code sent after 40 wrong ones', 40, false],
    ['accepts the right code sent among the first guesses', 2, true],
  ])('compares at most 5 guesses of a burst of 41: %s', async (_name, rightCodePosition, isAccepted) => {
    // Prepare
    const email = `burst-${rightCodePosition}@example.com`;
    const token = await newUser(email);
    await api.request('POST', `${ACCOUNT}/send-account-verification`, { token, body: {} });
    const code = await latestCode(email);
    const wrongCodes = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const guesses = [...wrongCodes.slice(0, rightCodePosition), code, ...wrongCodes.slice(rightCodePosition)];
    const claims = await verifyToken(token);
    const store = interleaveGuessesAtTheStore(guesses.length);

    // Act
    const answers = await Promise.allSettled(
      guesses.map((guess, i) => guessOfCall.run(i, () => verifyAccount({ claims, code: guess, now: new Date() }))),
    ).finally(store.restore);
    const rightAgain = await api.request('POST', `${ACCOUNT}/verify-account`, { token, body: { code } });

    // Assess
    expect(store.granted()).toBeLessThanOrEqual(VERIFICATION_MAX_ATTEMPTS);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(isAccepted ? 1 : 0);
    expect(answers[rightCodePosition].status).toBe(isAccepted ? 'fulfilled' : 'rejected');
    for (const answer of answers.filter((_answer, i) => i !== rightCodePosition)) {
      expect(answer).toMatchObject({ status: 'rejected', reason: { code: ERROR_CODES.INVALID_VERIFICATION_CODE } });
    }
    // Spent either way: by the right guess, or by the fifth wrong one.
    expect(rightAgain.body.statusCode).toBe(ERROR_CODES.INVALID_VERIFICATION_CODE);
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
