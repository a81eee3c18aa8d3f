/**
 * "Convert a web page" on the local host in the development stage: the page fetch is guarded
 * there as in AWS, so a signed-in user cannot read the host's own dev mailbox (everyone's
 * verification codes) through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TConvertPageResponse } from '../../../shared/schemas/templates.js';
import { call } from '../../helpers/api.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';

let host: TestHost;
let me: Actor;

beforeAll(async () => {
  // The stage `npm start` runs in.
  delete process.env.STAGE;
  host = await startTestHost({ pollQueues: [], schedules: [], seedDemo: false });
  me = await signUpAs(host.api, 'Mailbox Reader');
}, 60_000);
afterAll(() => host?.stop());

describe('convert a web page on the development host', () => {
  it.each(['127.0.0.1', 'localhost'])('refuses the host’s own dev mailbox at %s', async (hostname) => {
    // Prepare
    const url = new URL('/dev/mailbox', host.url);
    url.hostname = hostname;
    // Act
    const answer = await call<TConvertPageResponse>(host.api, me, 'POST', '/templates/convert', { url: url.href });
    // Assess
    expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(400);
    expect(answer.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(String(answer.body.message)).toContain('not a public address');
  });
});
