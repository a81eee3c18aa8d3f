/**
 * Text in requests, through the routes: control characters are refused and write nothing, names
 * are one Unicode form so "Café" typed two ways is one name, and a reply-to must be an address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TContactSearchResponse } from '../../../shared/schemas/contact-search.js';
import type { TGroupListResponse } from '../../../shared/schemas/groups.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { signUpAs } from '../../helpers/seed/accounts.js';
import { emailCommand, SAVE, seedCampaign } from '../../helpers/seed/campaigns.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

describe('text in requests', () => {
  it('refuses a NUL byte in a contact email and stores nothing', async () => {
    // Prepare
    const me = await signUpAs(api, 'Nul Byte');

    // Act
    const answer = await call(api, me, 'POST', '/contacts', { email: 'ann\u0000@example.com' });
    const inNote = await call(api, me, 'POST', '/contacts', { email: 'ann@example.com', fields: { f1: 'Ann\u0085' } });
    const contacts = await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', {});

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ statusCode: ERROR_CODES.INVALID_INPUT, message: expect.stringContaining('email') });
    expect(inNote.body).toEqual({ statusCode: ERROR_CODES.INVALID_INPUT, message: expect.stringContaining('fields.f1') });
    expect(contacts.body.data).toEqual([]);
  });

  it('treats "Café" in NFC and in NFD as the same group name, and stores it in NFC', async () => {
    // Prepare
    const me = await signUpAs(api, 'Cafe Owner');
    const composed = await call(api, me, 'POST', '/groups', { type: 'S', name: 'Caf\u00e9' });

    // Act
    const decomposed = await call(api, me, 'POST', '/groups', { type: 'S', name: 'Cafe\u0301' });
    const groups = await call<TGroupListResponse>(api, me, 'GET', '/groups?type=S');

    // Assess
    expect(composed.status).toBe(201);
    expect(decomposed.status).toBe(409);
    expect(decomposed.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
    expect(groups.body.data.map((group) => group.name)).toEqual(['Caf\u00e9']);
  });

  it('refuses a reply-to that is not an address, such as one smuggling a header, and keeps the saved one', async () => {
    // Prepare
    const me = await signUpAs(api, 'Reply To');
    const id = await seedCampaign(api, me, 'Reply-to check', emailCommand(me.email));
    await call(api, me, 'GET', `${SAVE}/lock?id=${id}`);

    // Act
    const answers = await Promise.all(
      ['replies@example.com\r\nBcc: everyone@example.com', 'not an address'].map((replyTo) => call(api, me, 'POST', `${SAVE}?source=information`, { id, command: { replyTo } })),
    );
    const saved = await call<{ command: { replyTo?: string } }>(api, me, 'GET', `${SAVE}?id=${id}`);

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: ERROR_CODES.INVALID_INPUT, message: expect.stringContaining('replyTo') });
    }
    expect(saved.body.command.replyTo).toBe('replies@example.com');
  });
});
