/**
 * Templates through the real handlers against DynamoDB Local and the S3 emulator: the three
 * kinds, content beyond DynamoDB's item limit, paging and search, names unique under concurrency,
 * rename, copy, delete, tenant isolation, section permissions, and bad input that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTemplateRecord, readTemplateContent } from '../../../functions/data/templates.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { TEMPLATE_LIMITS } from '../../../shared/domain/templates.js';
import type { TTemplate, TTemplateListResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { emailContent, seedTemplate, smsContent } from '../../helpers/seed/templates.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

const list = async (actor: Actor, query = '') => {
  const answer = await call<TTemplateListResponse>(api, actor, 'GET', `/templates${query ? `?${query}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const names = (page: TTemplateListResponse) => page.data.map((template) => template.name);
const lock = async (actor: Actor, id: string) => expect((await call(api, actor, 'POST', `/templates/${id}/lock`)).status).toBe(200);

/** A drag-and-drop project of about `bytes`, as the editor would send it: a JSON document in a string. */
function projectOf(bytes: number): string {
  const rows = Array.from({ length: Math.ceil(bytes / 100) }, (_, index) => ({ id: `row-${index}`, text: `Paragraph ${index} ${'lorem ipsum '.repeat(5)}` }));
  return JSON.stringify({ counters: { u_row: rows.length }, body: { rows } });
}

/** A well-formed id that names no template. */
const MISSING_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('templates', () => {
  it('creates email, SMS and MMS templates and reads each back with its content', async () => {
    // Prepare
    const me = await signUpAs(api, 'Ada Lovelace');
    const mms = { kind: 'mms' as const, text: 'Our spring catalogue is here', media: [{ url: 'https://cdn.example.com/spring.jpg', contentType: 'image/jpeg' }] };

    // Act
    const email = await seedTemplate(api, me, { name: '  Spring newsletter ', content: { kind: 'email', editor: 'code', html: '<p>Hello {{firstName}}</p>' } });
    const sms = await seedTemplate(api, me, { name: 'Spring SMS', content: smsContent('Spring sale:\n20% off  everything') });
    const picture = await seedTemplate(api, me, { name: 'Spring MMS', content: mms });
    const [readEmail, readSms, readMms] = await Promise.all(
      [email, sms, picture].map(async (template) => (await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${template.id}`)).body.template),
    );

    // Assess
    expect(readEmail).toEqual(email);
    expect(readEmail).toMatchObject({
      name: 'Spring newsletter',
      kind: 'email',
      editor: 'code',
      snippet: null,
      lock: null,
      createdBy: { loginTuid: me.loginTuid, name: 'Ada Lovelace' },
      updatedBy: { loginTuid: me.loginTuid, name: 'Ada Lovelace' },
      content: { kind: 'email', editor: 'code', html: '<p>Hello {{firstName}}</p>', project: null },
    });
    expect(readEmail.size).toBeGreaterThan(0);
    expect(readSms).toMatchObject({ kind: 'sms', editor: null, snippet: 'Spring sale: 20% off everything', content: smsContent('Spring sale:\n20% off  everything') });
    expect(readMms.content).toEqual({ ...mms, subject: '' });
  });

  it('round-trips a drag-and-drop project larger than DynamoDB’s 400 KB item limit, and a save replaces the old version', async () => {
    // Prepare
    const me = await signUpAs(api, 'Big Designer');
    const firstProject = projectOf(600_000);
    const secondProject = projectOf(1_500_000);
    const html = `<html><body>${'<p>Body text, with “quotes” and ümlauts.</p>'.repeat(8000)}</body></html>`;

    // Act
    const created = await seedTemplate(api, me, { name: 'Big', content: emailContent(html, firstProject) });
    const first = await getTemplateRecord(me.tuid, created.id);
    const read = (await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${created.id}`)).body.template;
    await lock(me, created.id);
    const saved = await call<{ template: TTemplateSummary }>(api, me, 'PUT', `/templates/${created.id}`, { content: emailContent(html, secondProject) });
    const reread = (await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${created.id}`)).body.template;
    const second = await getTemplateRecord(me.tuid, created.id);

    // Assess
    expect(firstProject.length).toBeGreaterThan(400 * 1024);
    expect(read.content).toEqual(emailContent(html, firstProject));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.template.size).toBeGreaterThan(1_500_000);
    expect(reread.content).toEqual(emailContent(html, secondProject));
    expect(reread.size).toBe(saved.body.template.size);
    // The new version is a new object; the replaced one is gone.
    expect(second?.contentKey).not.toBe(first?.contentKey);
    expect(await readTemplateContent(first!.contentKey)).toBeNull();
  });

  it('lists newest first, a page at a time, by kind and by a name fragment in any case, without content', async () => {
    // Prepare: created one after another, so each is newer than the one before.
    const me = await signUpAs(api, 'Lister');
    for (const [name, content] of [
      ['Spring Sale', emailContent('<p>1</p>')],
      ['Welcome', emailContent('<p>2</p>')],
      ['summer SALE', emailContent('<p>3</p>')],
      ['Sale reminder', smsContent('Last day of the sale')],
      ['Autumn', { kind: 'mms', text: 'Autumn' }],
    ] as const) {
      await seedTemplate(api, me, { name, content });
    }

    // Act
    const first = await list(me, 'limit=2');
    const second = await list(me, `limit=2&cursor=${first.nextCursor}`);
    const third = await list(me, `limit=2&cursor=${second.nextCursor}`);
    const sms = await list(me, 'kind=sms');
    const sale = await list(me, 'search=SaLe');
    const saleEmailFirst = await list(me, 'search=sale&kind=email&limit=1');
    const saleEmailSecond = await list(me, `search=sale&kind=email&limit=1&cursor=${saleEmailFirst.nextCursor}`);
    const nothing = await list(me, 'search=winter');

    // Assess
    expect([names(first), names(second), names(third)]).toEqual([['Autumn', 'Sale reminder'], ['summer SALE', 'Welcome'], ['Spring Sale']]);
    expect(third.nextCursor).toBeNull();
    expect(names(sms)).toEqual(['Sale reminder']);
    expect(names(sale)).toEqual(['Sale reminder', 'summer SALE', 'Spring Sale']);
    expect([names(saleEmailFirst), names(saleEmailSecond), saleEmailSecond.nextCursor]).toEqual([['summer SALE'], ['Spring Sale'], null]);
    expect(nothing).toEqual({ data: [], nextCursor: null });
    expect(first.data[0]).not.toHaveProperty('content');
    expect(first.data[0]).toMatchObject({ kind: 'mms', snippet: 'Autumn', createdBy: { name: 'Lister' }, lock: null });
  });

  it('keeps names unique per account in any case: of concurrent creates with one name exactly one wins', async () => {
    // Prepare
    const me = await signUpAs(api, 'Namer');
    const other = await signUpAs(api, 'Other Namer');
    await seedTemplate(api, me, { name: 'Newsletter', content: emailContent('<p>a</p>') });

    // Act
    const sameName = await call(api, me, 'POST', '/templates', { name: ' NEWSLETTER ', content: smsContent('b') });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, index) => call(api, me, 'POST', '/templates', { name: 'Race', content: smsContent(`racer ${index}`) })));
    const otherAccount = await call(api, other, 'POST', '/templates', { name: 'Newsletter', content: emailContent('<p>c</p>') });

    // Assess
    expect([sameName.status, sameName.body]).toEqual([409, { statusCode: ERROR_CODES.TEMPLATE_NAME_USED, message: 'This template name is already used.' }]);
    expect(racers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(racers.filter((answer) => answer.status === 409).every((answer) => answer.body.statusCode === ERROR_CODES.TEMPLATE_NAME_USED)).toBe(true);
    expect(names(await list(me, 'search=race'))).toEqual(['Race']);
    expect(names(await list(me))).toEqual(['Race', 'Newsletter']);
    expect(otherAccount.status).toBe(201);
  });

  it('renames: a taken name is refused, the old name becomes free, a change of case is allowed', async () => {
    // Prepare
    const me = await signUpAs(api, 'Renamer');
    const first = await seedTemplate(api, me, { name: 'First', content: smsContent('1') });
    await seedTemplate(api, me, { name: 'Second', content: smsContent('2') });

    // Act
    const taken = await call(api, me, 'PUT', `/templates/${first.id}/name`, { name: 'second' });
    const renamed = await call<{ template: TTemplateSummary }>(api, me, 'PUT', `/templates/${first.id}/name`, { name: 'Primary' });
    const reuse = await call(api, me, 'POST', '/templates', { name: 'first', content: smsContent('3') });
    const caseOnly = await call<{ template: TTemplateSummary }>(api, me, 'PUT', `/templates/${first.id}/name`, { name: 'PRIMARY' });
    const clash = await call(api, me, 'POST', '/templates', { name: 'primary', content: smsContent('4') });

    // Assess
    expect([taken.status, taken.body.statusCode]).toEqual([409, ERROR_CODES.TEMPLATE_NAME_USED]);
    expect(renamed.body.template).toMatchObject({ id: first.id, name: 'Primary' });
    expect(reuse.status).toBe(201);
    expect(caseOnly.body.template.name).toBe('PRIMARY');
    expect(clash.body.statusCode).toBe(ERROR_CODES.TEMPLATE_NAME_USED);
    expect((await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${first.id}`)).body.template).toMatchObject({ name: 'PRIMARY', content: smsContent('1') });
  });

  it('copies with its content under "Copy of" names that stay unique, also when copies race', async () => {
    // Prepare
    const me = await signUpAs(api, 'Copier');
    const source = await seedTemplate(api, me, { name: 'Promo', content: emailContent('<p>promo</p>', '{"rows":[]}') });
    const longName = 'L'.repeat(100);
    const long = await seedTemplate(api, me, { name: longName, content: smsContent('long') });

    // Act
    const first = await call<{ template: TTemplateSummary }>(api, me, 'POST', `/templates/${source.id}/copy`);
    const second = await call<{ template: TTemplateSummary }>(api, me, 'POST', `/templates/${source.id}/copy`, {});
    const racing = await Promise.all(Array.from({ length: 3 }, () => call<{ template: TTemplateSummary }>(api, me, 'POST', `/templates/${source.id}/copy`)));
    const named = await call<{ template: TTemplateSummary }>(api, me, 'POST', `/templates/${source.id}/copy`, { name: 'Promo v2' });
    const namedTaken = await call(api, me, 'POST', `/templates/${source.id}/copy`, { name: 'promo' });
    const longCopy = await call<{ template: TTemplateSummary }>(api, me, 'POST', `/templates/${long.id}/copy`);
    const copied = (await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${first.body.template.id}`)).body.template;

    // Assess
    expect([first.status, first.body.template.name]).toEqual([201, 'Copy of Promo']);
    expect(second.body.template.name).toBe('Copy of Promo (2)');
    expect(racing.map((answer) => answer.body.template.name).sort()).toEqual(['Copy of Promo (3)', 'Copy of Promo (4)', 'Copy of Promo (5)']);
    expect(named.body.template.name).toBe('Promo v2');
    expect([namedTaken.status, namedTaken.body.statusCode]).toEqual([409, ERROR_CODES.TEMPLATE_NAME_USED]);
    expect(longCopy.body.template.name).toBe(`Copy of ${'L'.repeat(92)}`);
    expect(copied).toMatchObject({ kind: 'email', editor: 'dragAndDrop', content: emailContent('<p>promo</p>', '{"rows":[]}'), createdBy: { name: 'Copier' } });
    expect(copied.id).not.toBe(source.id);
  });

  it('deletes one or several with their content, and their names become free', async () => {
    // Prepare
    const me = await signUpAs(api, 'Deleter');
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => seedTemplate(api, me, { name, content: smsContent(name) })));
    const contentKeys = await Promise.all([a, b, c].map(async (template) => (await getTemplateRecord(me.tuid, template.id))!.contentKey));

    // Act
    const one = await call(api, me, 'DELETE', `/templates/${a.id}`);
    const again = await call(api, me, 'DELETE', `/templates/${a.id}`);
    const read = await call(api, me, 'GET', `/templates/${a.id}`);
    const several = await call(api, me, 'DELETE', '/templates', { ids: [b.id, c.id, MISSING_ID] });
    const reuse = await call(api, me, 'POST', '/templates', { name: 'a', content: smsContent('again') });

    // Assess
    expect(one.body).toEqual({ success: true });
    expect([again.status, again.body.statusCode]).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
    expect([read.status, read.body]).toEqual([404, { statusCode: ERROR_CODES.TEMPLATE_NOT_FOUND, message: 'This template does not exist.' }]);
    expect(several.body).toEqual({ deleted: 2 });
    expect(reuse.status).toBe(201);
    expect(names(await list(me))).toEqual(['a']);
    for (const key of contentKeys) expect(await readTemplateContent(key)).toBeNull();
  });

  it('answers another account’s template as if it did not exist, and leaves it alone', async () => {
    // Prepare
    const owner = await signUpAs(api, 'Owner');
    const stranger = await signUpAs(api, 'Stranger');
    const theirs = await seedTemplate(api, owner, { name: 'Private', content: smsContent('secret') });

    // Act
    const answers = await Promise.all([
      call(api, stranger, 'GET', `/templates/${theirs.id}`),
      call(api, stranger, 'PUT', `/templates/${theirs.id}`, { name: 'Mine now' }),
      call(api, stranger, 'PUT', `/templates/${theirs.id}/name`, { name: 'Mine now' }),
      call(api, stranger, 'POST', `/templates/${theirs.id}/copy`),
      call(api, stranger, 'POST', `/templates/${theirs.id}/lock`),
      call(api, stranger, 'DELETE', `/templates/${theirs.id}/lock`),
      call(api, stranger, 'DELETE', `/templates/${theirs.id}`),
    ]);
    const bulk = await call(api, stranger, 'DELETE', '/templates', { ids: [theirs.id] });

    // Assess
    expect(answers.map((answer) => [answer.status, answer.body.statusCode])).toEqual(Array.from({ length: 7 }, () => [404, ERROR_CODES.TEMPLATE_NOT_FOUND]));
    expect(bulk.body).toEqual({ deleted: 0 });
    expect(await list(stranger)).toEqual({ data: [], nextCursor: null });
    expect((await call<{ template: TTemplate }>(api, owner, 'GET', `/templates/${theirs.id}`)).body.template).toMatchObject({ name: 'Private', lock: null, content: smsContent('secret') });
  });
});

describe('section permissions', () => {
  it('lets roles without template write or delete read only, and roles without template read nothing', async () => {
    // Prepare: an Analyst (templates view only), a Data Manager (no templates) and a Campaign Creator (spec §6).
    const owner = await signUpAs(api, 'Team Owner');
    const template = await seedTemplate(api, owner, { name: 'Shared', content: smsContent('hello') });
    const analyst = await connect(owner, await signUpAs(api, 'Analyst'), 'analyst');
    const dataManager = await connect(owner, await signUpAs(api, 'Data Manager'), 'dataUser');
    const creator = await connect(owner, await signUpAs(api, 'Creator'), 'campaignCreator');

    // Act
    const analystReads = await Promise.all([call(api, analyst, 'GET', '/templates'), call(api, analyst, 'GET', `/templates/${template.id}`)]);
    const analystChanges = await Promise.all([
      call(api, analyst, 'POST', '/templates', { name: 'Nope', content: smsContent('x') }),
      call(api, analyst, 'PUT', `/templates/${template.id}`, { name: 'Nope' }),
      call(api, analyst, 'PUT', `/templates/${template.id}/name`, { name: 'Nope' }),
      call(api, analyst, 'POST', `/templates/${template.id}/copy`),
      call(api, analyst, 'POST', `/templates/${template.id}/lock`),
      call(api, analyst, 'DELETE', `/templates/${template.id}`),
      call(api, analyst, 'DELETE', '/templates', { ids: [template.id] }),
    ]);
    const dataManagerReads = await Promise.all([call(api, dataManager, 'GET', '/templates'), call(api, dataManager, 'GET', `/templates/${template.id}`)]);
    const creatorCreates = await call<{ template: TTemplate }>(api, creator, 'POST', '/templates', { name: 'By creator', content: smsContent('y') });

    // Assess
    expect(analystReads.map((answer) => answer.status)).toEqual([200, 200]);
    expect(analystChanges.map((answer) => [answer.status, answer.body.statusCode])).toEqual(Array.from({ length: 7 }, () => [403, ERROR_CODES.NO_PERMISSION]));
    expect(dataManagerReads.map((answer) => [answer.status, answer.body.statusCode])).toEqual([
      [403, ERROR_CODES.NO_PERMISSION],
      [403, ERROR_CODES.NO_PERMISSION],
    ]);
    expect(creatorCreates.body.template.createdBy).toEqual({ loginTuid: creator.loginTuid, name: 'Creator' });
    expect(names(await list(owner))).toEqual(['By creator', 'Shared']);
    expect((await call<{ template: TTemplate }>(api, owner, 'GET', `/templates/${template.id}`)).body.template.name).toBe('Shared');
  });
});

describe('bad input', () => {
  it('answers a 4xx in the error shape and writes nothing', async () => {
    // Prepare
    const me = await signUpAs(api, 'Careless');
    const template = await seedTemplate(api, me, { name: 'Keep', content: emailContent('<p>keep</p>') });
    await lock(me, template.id);
    const tooBigHtml = 'x'.repeat(TEMPLATE_LIMITS.htmlBytes + 1);
    const creates: Array<[string, unknown, number, string]> = [
      ['wrong types', { name: 42, content: smsContent('x') }, 400, ERROR_CODES.INVALID_INPUT],
      ['unknown key', { name: 'Extra', content: smsContent('x'), owner: 'someone-else' }, 400, ERROR_CODES.INVALID_INPUT],
      ['unknown content key', { name: 'Extra', content: { ...smsContent('x'), html: '<p>' } }, 400, ERROR_CODES.INVALID_INPUT],
      ['unknown kind', { name: 'Fax', content: { kind: 'fax', text: 'x' } }, 400, ERROR_CODES.INVALID_INPUT],
      ['empty name', { name: '   ', content: smsContent('x') }, 400, ERROR_CODES.INVALID_INPUT],
      ['long name', { name: 'n'.repeat(101), content: smsContent('x') }, 400, ERROR_CODES.INVALID_INPUT],
      ['long SMS', { name: 'Long', content: smsContent('s'.repeat(TEMPLATE_LIMITS.smsTextLength + 1)) }, 400, ERROR_CODES.INVALID_INPUT],
      // End User Messaging's SendMediaMessage takes a body of at most 1,600 characters.
      ['MMS longer than the service sends', { name: 'Long MMS', content: { kind: 'mms', subject: '', text: 'm'.repeat(1_601), media: [] } }, 400, ERROR_CODES.INVALID_INPUT],
      ['project not JSON', { name: 'Broken', content: emailContent('<p>x</p>', '{rows:') }, 400, ERROR_CODES.INVALID_INPUT],
      ['media not http', { name: 'Media', content: { kind: 'mms', text: 'x', media: [{ url: 'javascript:alert(1)' }] } }, 400, ERROR_CODES.INVALID_INPUT],
      ['HTML over the cap', { name: 'Huge', content: emailContent(tooBigHtml) }, 413, ERROR_CODES.TEMPLATE_TOO_LARGE],
      ['design over the cap', { name: 'Huge design', content: emailContent('<p>x</p>', JSON.stringify({ image: 'z'.repeat(TEMPLATE_LIMITS.contentBytes) })) }, 413, ERROR_CODES.TEMPLATE_TOO_LARGE],
    ];

    // Act
    const createAnswers = await Promise.all(creates.map(([, body]) => call(api, me, 'POST', '/templates', body)));
    const oversizeBody = await api.request('POST', '/api/v1/pageBasedAPI/templates', {
      token: me.token,
      rawBody: JSON.stringify({ name: 'Body', content: emailContent('y'.repeat(TEMPLATE_LIMITS.requestBodyBytes)) }),
      headers: { 'content-type': 'application/json' },
    });
    const saves = await Promise.all([
      call(api, me, 'PUT', `/templates/${template.id}`, {}),
      call(api, me, 'PUT', `/templates/${template.id}`, { content: smsContent('now an SMS') }),
      call(api, me, 'PUT', `/templates/${template.id}`, { content: emailContent(tooBigHtml) }),
      call(api, me, 'PUT', `/templates/${template.id}`, { name: 'Renamed', colour: 'red' }),
      call(api, me, 'PUT', `/templates/${template.id}/name`, { name: '' }),
      call(api, me, 'POST', `/templates/${template.id}/copy`, { name: 7 }),
      call(api, me, 'POST', `/templates/${template.id}/lock`, { force: true }),
    ]);
    const badIds = await Promise.all([
      call(api, me, 'GET', '/templates/not-an-id'),
      call(api, me, 'GET', `/templates/${template.id.toLowerCase()}`),
      call(api, me, 'PUT', '/templates/not-an-id', { name: 'x' }),
      call(api, me, 'DELETE', '/templates/not-an-id'),
      call(api, me, 'DELETE', '/templates', { ids: ['not-an-id'] }),
      call(api, me, 'DELETE', '/templates', { ids: [] }),
      call(api, me, 'DELETE', '/templates', { ids: Array.from({ length: TEMPLATE_LIMITS.bulkIds + 1 }, () => template.id) }),
    ]);
    const badQueries = await Promise.all(['limit=0', 'limit=101', 'kind=fax', 'cursor=nope', 'owner=x'].map((query) => call(api, me, 'GET', `/templates?${query}`)));

    // Assess
    createAnswers.forEach((answer, index) => {
      const [label, , status, code] = creates[index];
      expect([answer.status, answer.body.statusCode], label).toEqual([status, code]);
      expect(answer.body.message, label).toEqual(expect.any(String));
    });
    expect([oversizeBody.status, oversizeBody.body.statusCode]).toEqual([400, ERROR_CODES.MALFORMED_REQUEST]);
    expect(saves.map((answer) => [answer.status, answer.body.statusCode])).toEqual([
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [413, ERROR_CODES.TEMPLATE_TOO_LARGE],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
    ]);
    for (const answer of [...badIds, ...badQueries]) expect([answer.status, answer.body.statusCode]).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    // Nothing the refused calls carried was stored.
    expect(names(await list(me))).toEqual(['Keep']);
    expect((await call<{ template: TTemplate }>(api, me, 'GET', `/templates/${template.id}`)).body.template).toMatchObject({ name: 'Keep', content: emailContent('<p>keep</p>') });
  });
});
