/**
 * The SMS allowed list of country calling codes through the real handlers against DynamoDB Local:
 * add with or without +, STT-SMS-01 for a code already listed (also under concurrency), remove,
 * the campaign planner's getSmsSettings, permissions, tenants, and bad input that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSmsSettings } from '../../../functions/data/sms-settings.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TSmsSettings } from '../../../shared/schemas/sms-settings.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

const add = (actor: Actor, callingCode: unknown) => call<TSmsSettings>(api, actor, 'POST', '/sms/calling-codes', { callingCode });
const listed = async (actor: Actor) => (await call<TSmsSettings>(api, actor, 'GET', '/sms/calling-codes')).body.allowedCallingCodes;

describe('the allowed calling codes', () => {
  it('starts empty, adds codes typed with or without +, lists them in numeric order, and removes them', async () => {
    // Prepare
    const ada = await signUpAs(api, 'Ada Lovelace');
    const empty = await listed(ada);

    // Act
    const afterHk = await add(ada, '+852');
    await add(ada, '44');
    const afterUs = await add(ada, ' 001 ');
    const removed = await call<TSmsSettings>(api, ada, 'DELETE', '/sms/calling-codes/44');

    // Assess
    expect(empty).toEqual([]);
    expect(afterHk.body).toEqual({ allowedCallingCodes: ['852'] });
    expect(afterUs.body).toEqual({ allowedCallingCodes: ['1', '44', '852'] });
    expect(removed.body).toEqual({ allowedCallingCodes: ['1', '852'] });
    expect(await listed(ada)).toEqual(['1', '852']);
    expect(await getSmsSettings(ada.tuid)).toEqual({ allowedCallingCodes: ['1', '852'] });
  });

  it('answers STT-SMS-01 for a code already on the list, whichever way it is typed, and for all but one of concurrent adds', async () => {
    // Prepare
    const bob = await signUpAs(api, 'Bob Babbage');
    await add(bob, '852');

    // Act
    const again = await add(bob, '+852');
    const racing = await Promise.all(Array.from({ length: 5 }, () => add(bob, '+86')));

    // Assess
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: ERROR_CODES.CALLING_CODE_ALLOWED, message: expect.any(String) });
    expect(ERROR_CODES.CALLING_CODE_ALLOWED).toBe('STT-SMS-01');
    expect(racing.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(racing.filter((answer) => answer.body.statusCode === 'STT-SMS-01')).toHaveLength(4);
    expect(await listed(bob)).toEqual(['86', '852']);
  });

  it('refuses codes no country has and malformed input in the spec error shape, changing nothing', async () => {
    // Prepare
    const carol = await signUpAs(api, 'Carol Curie');
    await add(carol, '65');

    // Act
    const answers = {
      unknown: await add(carol, '+999'),
      nonGeographic: await add(carol, '+800'),
      letters: await add(carol, 'SG'),
      empty: await add(carol, ''),
      number: await add(carol, 65),
      missing: await call(api, carol, 'POST', '/sms/calling-codes', {}),
      removeUnknown: await call(api, carol, 'DELETE', '/sms/calling-codes/999'),
      removeUnlisted: await call(api, carol, 'DELETE', '/sms/calling-codes/852'),
    };

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.body, name).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.unknown.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(answers.removeUnlisted.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(await listed(carol)).toEqual(['65']);
  });

  it('keeps each account to its own list, and lets an analyst read but not change it', async () => {
    // Prepare
    const dan = await signUpAs(api, 'Dan Dirac');
    const eve = await signUpAs(api, 'Eve Intruder');
    await add(dan, '852');
    const analyst = await connect(dan, eve, 'analyst');
    const creator = await connect(dan, eve, 'campaignCreator');

    // Act
    const readByAnalyst = await listed(analyst);
    const addByAnalyst = await add(analyst, '44');
    const removeByAnalyst = await call(api, analyst, 'DELETE', '/sms/calling-codes/852');
    const addByCreator = await add(creator, '44');
    const removeByEve = await call(api, eve, 'DELETE', '/sms/calling-codes/852');

    // Assess
    expect(readByAnalyst).toEqual(['852']);
    expect(addByAnalyst.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(removeByAnalyst.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(addByCreator.body).toEqual({ allowedCallingCodes: ['44', '852'] });
    expect(removeByEve.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(await listed(eve)).toEqual([]);
    expect(await listed(dan)).toEqual(['44', '852']);
  });
});
