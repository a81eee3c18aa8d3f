/**
 * Template sharing and send-a-copy through the real handlers (spec §4 "Template and group sharing",
 * §5, §6, §8 TPL-SHR-01 and VAL-USR-02): offers wait for the receiver's approval, each step tells
 * the other side (templateShare), rights can change and access end, copies are independent, the
 * receiver reads sanitised HTML, and the edit lock holds across accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount, updateAccount } from '../../../functions/data/accounts.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TNotificationPage } from '../../../shared/schemas/notifications.js';
import type {
  TAcceptShareResponse,
  TReceivedShareListResponse,
  TSharedTemplateResponse,
  TTemplateShare,
  TTemplateShareListResponse,
} from '../../../shared/schemas/template-sharing.js';
import type { TTemplate, TTemplateListResponse, TTemplateLockResponse, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { emailContent, seedTemplate } from '../../helpers/seed/templates.js';


let api: ApiClient;
/** Sign-ups are rate-limited per address (20 an hour), so the tests share these accounts and name their templates uniquely. */
let ada: User;
let bob: User;
let carol: User;
let eve: User;
let fay: User;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  ada = await user('Ada Lovelace');
  bob = await user('Bob Babbage');
  carol = await user('Carol Curie');
  eve = await user('Eve Intruder');
  fay = await user('Fay Free', { free: true });
});
afterAll(() => api.close());

let named = 0;
/** A template name no other test uses, so lists and notices can be told apart. */
const uniqueName = (base: string) => `${base} ${(named += 1)}`;

type User = Actor & { email: string; name: string };

/** A new account; sign-up makes it free, so a receiver is made standard unless `free`. */
async function user(name: string, options: { free?: boolean } = {}): Promise<User> {
  const actor = await signUpAs(api, name);
  if (!options.free) await updateAccount(actor.tuid, { free: false });
  return { ...actor, name };
}

const share = (actor: Actor, templateId: string, body: unknown) => call<{ share: TTemplateShare }>(api, actor, 'POST', `/templates/${templateId}/shares`, body);
const sharesOf = async (actor: Actor, templateId: string) => (await call<TTemplateShareListResponse>(api, actor, 'GET', `/templates/${templateId}/shares`)).body.data;
const sharedWithMe = async (actor: Actor) => {
  const answer = await call<TReceivedShareListResponse>(api, actor, 'GET', '/shared-templates');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
/** The names of the account's templates that contain `fragment`. */
const templateNames = async (actor: Actor, fragment: string) =>
  (await call<TTemplateListResponse>(api, actor, 'GET', `/templates?limit=100&search=${encodeURIComponent(fragment)}`)).body.data.map((template) => template.name);

/** The templateShare notices a user got about a template, newest first, as message type and values. */
async function shareNotices(actor: Actor, templateName: string) {
  const answer = await call<TNotificationPage>(api, actor, 'GET', '/notification/pop-up?page=1&limit=100');
  expect(answer.status).toBe(200);
  return answer.body.result
    .filter((notice) => notice.type === 'templateShare' && notice.message.values.templateName === templateName)
    .map((notice) => ({ type: notice.message.type, values: notice.message.values }));
}

/** What "Shared with me" shows of one template. */
const sharedWithMeOf = async (actor: Actor, templateName: string) => (await sharedWithMe(actor)).filter((entry) => entry.templateName === templateName);

const errorOf = (answer: { status: number; body: { statusCode?: string } }) => [answer.status, answer.body.statusCode];

const HTML = '<!DOCTYPE html><html><body><h1 onclick="steal()">Spring sale</h1><script>steal()</script><p>Hi {{firstName}}</p><iframe src="https://evil.example"></iframe></body></html>';

/** Ada (owner) shares a template with Bob (a standard account) and Bob accepts. */
async function acceptedShare(rights: 'view' | 'edit') {
  const template = await seedTemplate(api, ada, { name: uniqueName('Spring sale'), content: emailContent(HTML, '{"rows":[]}') });
  const offered = await share(ada, template.id, { email: bob.email, rights });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  const accepted = await call<TAcceptShareResponse>(api, bob, 'POST', `/shared-templates/${offered.body.share.id}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { template, name: template.name, shareId: offered.body.share.id };
}

describe('sharing a template', () => {
  it('waits for the receiver, who accepts it and then sees it with owner and rights; both sides are told', async () => {
    // Prepare
    const name = uniqueName('Spring sale');
    const template = await seedTemplate(api, ada, { name, content: emailContent(HTML) });

    // Act
    const offered = await share(ada, template.id, { email: `  ${bob.email.toUpperCase()} `, rights: 'view' });
    const pendingForBob = await sharedWithMeOf(bob, name);
    const pendingForAda = await sharesOf(ada, template.id);
    const readWhilePending = await call(api, bob, 'GET', `/shared-templates/${offered.body.share.id}`);
    const accepted = await call<TAcceptShareResponse>(api, bob, 'POST', `/shared-templates/${offered.body.share.id}/accept`);
    const acceptedForBob = await sharedWithMeOf(bob, name);
    const acceptedForAda = await sharesOf(ada, template.id);

    // Assess
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.share).toMatchObject({ receiver: { name: 'Bob Babbage', email: bob.email }, rights: 'view', mode: 'share', status: 'pending' });
    expect(pendingForBob).toEqual([
      expect.objectContaining({ id: offered.body.share.id, status: 'pending', owner: { name: 'Ada Lovelace', email: ada.email }, rights: 'view', updateTime: null }),
    ]);
    expect(pendingForAda.map((entry) => [entry.receiver.email, entry.status])).toEqual([[bob.email, 'pending']]);
    expect(errorOf(readWhilePending)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.share).toMatchObject({ status: 'accepted', templateName: name });
    expect(acceptedForBob).toEqual([
      expect.objectContaining({ status: 'accepted', owner: { name: 'Ada Lovelace', email: ada.email }, rights: 'view', kind: 'email', editor: 'dragAndDrop', templateId: template.id, updateTime: template.updateTime }),
    ]);
    expect(acceptedForAda.map((entry) => entry.status)).toEqual(['accepted']);
    // A share is not a template of Bob's account.
    expect(await templateNames(bob, name)).toEqual([]);
    expect(await shareNotices(bob, name)).toEqual([
      { type: 'shared', values: { userName: { id: ada.loginTuid, fullname: 'Ada Lovelace' }, shareToUserName: { id: bob.tuid, fullname: 'Bob Babbage' }, templateName: name } },
    ]);
    expect((await shareNotices(ada, name)).map((notice) => notice.type)).toEqual(['approved']);
  });

  it('lets the receiver reject an offer: nothing is shared, the sharer is told, and it can be offered again', async () => {
    // Prepare
    const name = uniqueName('Newsletter');
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>n</p>') });
    const offered = await share(ada, template.id, { email: bob.email });

    // Act
    const rejected = await call(api, bob, 'POST', `/shared-templates/${offered.body.share.id}/reject`);
    const acceptAfter = await call(api, bob, 'POST', `/shared-templates/${offered.body.share.id}/accept`);
    const listedAfter = await sharedWithMeOf(bob, name);
    const again = await share(ada, template.id, { email: bob.email });

    // Assess
    expect(rejected.status).toBe(200);
    expect(errorOf(acceptAfter)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(listedAfter).toEqual([]);
    expect(again.status).toBe(201);
    expect((await shareNotices(ada, name)).map((notice) => notice.type)).toEqual(['rejected']);
    expect((await sharedWithMeOf(bob, name)).map((entry) => entry.status)).toEqual(['pending']);
  });

  it('shows the receiver sanitised HTML, without the design', async () => {
    // Prepare
    const { shareId } = await acceptedShare('view');

    // Act
    const answer = await call<TSharedTemplateResponse>(api, bob, 'GET', `/shared-templates/${shareId}`);

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const content = answer.body.template.content;
    if (content.kind !== 'email') throw new Error('expected an email template');
    expect(content.html).toContain('Spring sale');
    expect(content.html).toContain('Hi {{firstName}}');
    expect(content.html).not.toMatch(/<script|onclick|steal|<iframe/i);
    expect(content.project).toBeNull();
    expect(answer.body.share).toMatchObject({ rights: 'view', owner: { name: 'Ada Lovelace' } });
  });

  it("shows the receiver the shared template's thumbnail once accepted, and nobody else", async () => {
    // Prepare: one template shared and accepted, one only offered.
    const { template, name } = await acceptedShare('view');
    const offeredOnly = await seedTemplate(api, ada, { name: uniqueName('Offered only'), content: emailContent('<p>Not yet</p>') });
    expect((await share(ada, offeredOnly.id, { email: bob.email })).status).toBe(201);
    const entry = (await sharedWithMeOf(bob, name))[0];
    const thumbnailOf = (actor: Actor, item: Pick<TTemplateSummary, 'id' | 'version'>) =>
      call<string>(api, actor, 'GET', `/thumbnail/get?${new URLSearchParams({ id: item.id, version: item.version, tuid: ada.tuid, dataType: 'template' })}`);

    // Act
    const asReceiver = await thumbnailOf(bob, { id: template.id, version: entry?.version ?? '' });
    const beforeAccepting = await thumbnailOf(bob, offeredOnly);
    const asStranger = await thumbnailOf(eve, template);

    // Assess
    expect(entry).toMatchObject({ ownerTuid: ada.tuid, version: template.version });
    expect(asReceiver.status).toBe(200);
    expect(asReceiver.body).toContain('Spring sale');
    expect(asReceiver.body).not.toMatch(/<script|onclick|steal/);
    expect(errorOf(beforeAccepting)).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
    expect(errorOf(asStranger)).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
  });

  it('lets a view-only receiver copy it into their account but not edit it', async () => {
    // Prepare
    const { shareId, name } = await acceptedShare('view');

    // Act
    const lock = await call(api, bob, 'POST', `/shared-templates/${shareId}/lock`);
    const save = await call(api, bob, 'PUT', `/shared-templates/${shareId}`, { content: emailContent('<p>mine now</p>') });
    const copy = await call<{ template: TTemplateSummary }>(api, bob, 'POST', `/shared-templates/${shareId}/copy`);
    const copied = await call<{ template: TTemplate }>(api, bob, 'GET', `/templates/${copy.body.template.id}`);

    // Assess
    expect(errorOf(lock)).toEqual([403, ERROR_CODES.NO_PERMISSION]);
    expect(errorOf(save)).toEqual([403, ERROR_CODES.NO_PERMISSION]);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.template.name).toBe(name);
    const content = copied.body.template.content;
    expect(content.kind === 'email' && content.html).toContain('Spring sale');
    expect(content.kind === 'email' && content.html).not.toContain('<script');
    // The design never crosses accounts: the drag-and-drop editor rebuilds one from the sanitised HTML.
    expect(content.kind === 'email' && content.project).toBeNull();
  });
});

describe('managing a share', () => {
  it('changes rights: an editor then edits under the edit lock, which names the editor across accounts', async () => {
    // Prepare
    const { template, shareId, name } = await acceptedShare('view');

    // Act
    const changed = await call<{ share: TTemplateShare }>(api, ada, 'PUT', `/templates/${template.id}/shares/${shareId}`, { rights: 'edit' });
    const bobLock = await call<TTemplateLockResponse>(api, bob, 'POST', `/shared-templates/${shareId}/lock`);
    const adaLock = await call(api, ada, 'POST', `/templates/${template.id}/lock`);
    const bobSave = await call<{ template: TTemplateSummary }>(api, bob, 'PUT', `/shared-templates/${shareId}`, { content: emailContent('<p onmouseover="x()">Edited by Bob</p><script>x()</script>') });
    const bobRename = await call(api, bob, 'PUT', `/shared-templates/${shareId}`, { name: 'Bob’s now' });
    await call(api, bob, 'DELETE', `/shared-templates/${shareId}/lock`);
    const adaLockAfter = await call(api, ada, 'POST', `/templates/${template.id}/lock`);
    const bobLockWhileAda = await call(api, bob, 'POST', `/shared-templates/${shareId}/lock`);
    const seenByAda = await call<{ template: TTemplate }>(api, ada, 'GET', `/templates/${template.id}`);
    await call(api, ada, 'DELETE', `/templates/${template.id}/lock`);

    // Assess
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.share.rights).toBe('edit');
    expect(bobLock.status, JSON.stringify(bobLock.body)).toBe(200);
    expect(bobLock.body.lock).toMatchObject({ loginTuid: bob.loginTuid, name: 'Bob Babbage' });
    expect([adaLock.status, adaLock.body]).toEqual([409, { statusCode: ERROR_CODES.BEING_MODIFIED, message: 'Bob Babbage is editing this template.', lockedBy: 'Bob Babbage' }]);
    expect(bobSave.status, JSON.stringify(bobSave.body)).toBe(200);
    expect(errorOf(bobRename)).toEqual([400, ERROR_CODES.INVALID_INPUT]);
    expect(adaLockAfter.status).toBe(200);
    expect(bobLockWhileAda.status).toBe(409);
    expect(bobLockWhileAda.body).toMatchObject({ statusCode: ERROR_CODES.BEING_MODIFIED, lockedBy: 'Ada Lovelace' });
    expect(seenByAda.body.template).toMatchObject({ name, updatedBy: { loginTuid: bob.loginTuid, name: 'Bob Babbage' } });
    const content = seenByAda.body.template.content;
    expect(content.kind === 'email' && content.html).toBe('<p>Edited by Bob</p>');
    expect((await shareNotices(bob, name)).map((notice) => notice.type)).toEqual(['accessChanged', 'shared']);
  });

  it('removes access: the receiver is told and the template is gone from their view', async () => {
    // Prepare
    const { template, shareId, name } = await acceptedShare('edit');

    // Act
    const removed = await call(api, ada, 'DELETE', `/templates/${template.id}/shares/${shareId}`);
    const read = await call(api, bob, 'GET', `/shared-templates/${shareId}`);
    const lock = await call(api, bob, 'POST', `/shared-templates/${shareId}/lock`);

    // Assess
    expect(removed.status).toBe(200);
    expect(errorOf(read)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(errorOf(lock)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(await sharedWithMeOf(bob, name)).toEqual([]);
    expect(await sharesOf(ada, template.id)).toEqual([]);
    expect((await shareNotices(bob, name))[0]).toMatchObject({ type: 'accessRemoved', values: { userName: { id: ada.loginTuid, fullname: 'Ada Lovelace' }, templateName: name } });
  });

  it('ends the shares of a deleted template, and lets the receiver leave a share', async () => {
    // Prepare
    const first = await acceptedShare('view');
    const second = await acceptedShare('view');

    // Act
    const deleted = await call(api, ada, 'DELETE', `/templates/${first.template.id}`);
    const left = await call(api, bob, 'DELETE', `/shared-templates/${second.shareId}`);

    // Assess
    expect(deleted.status).toBe(200);
    expect(await sharedWithMeOf(bob, first.name)).toEqual([]);
    expect((await shareNotices(bob, first.name))[0].type).toBe('accessRemoved');
    expect(left.status).toBe(200);
    expect(await sharedWithMeOf(bob, second.name)).toEqual([]);
    expect(await sharesOf(ada, second.template.id)).toEqual([]);
  });
});

describe('sending a copy', () => {
  it('gives the receiver an independent copy of the content as sent, named uniquely, once accepted', async () => {
    // Prepare
    const name = uniqueName('Welcome');
    await seedTemplate(api, bob, { name, content: emailContent('<p>Bob’s own</p>') });
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>as sent</p><script>x()</script>') });

    // Act
    const sent = await share(ada, template.id, { email: bob.email, mode: 'copy' });
    await call(api, ada, 'POST', `/templates/${template.id}/lock`);
    await call(api, ada, 'PUT', `/templates/${template.id}`, { content: emailContent('<p>changed later</p>') });
    await call(api, ada, 'DELETE', `/templates/${template.id}/lock`);
    const pending = await sharedWithMeOf(bob, name);
    const accepted = await call<TAcceptShareResponse>(api, bob, 'POST', `/shared-templates/${sent.body.share.id}/accept`);
    const acceptedAgain = await call(api, bob, 'POST', `/shared-templates/${sent.body.share.id}/accept`);
    const copy = await call<{ template: TTemplate }>(api, bob, 'GET', `/templates/${accepted.body.templateId}`);

    // Assess
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.share).toMatchObject({ mode: 'copy', status: 'pending' });
    expect(pending).toEqual([expect.objectContaining({ mode: 'copy', status: 'pending' })]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.share).toBeNull();
    expect(errorOf(acceptedAgain)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(copy.body.template.name).toBe(`Copy of ${name}`);
    expect(copy.body.template.content).toMatchObject({ kind: 'email', html: '<p>as sent</p>' });
    expect((await templateNames(bob, name)).sort()).toEqual([`Copy of ${name}`, name]);
    // A copy leaves no share behind: later changes are not shared.
    expect(await sharedWithMeOf(bob, name)).toEqual([]);
    expect(await sharesOf(ada, template.id)).toEqual([]);
    expect((await shareNotices(bob, name)).map((notice) => notice.type)).toEqual(['copySent']);
    expect((await shareNotices(ada, name)).map((notice) => notice.type)).toEqual(['received']);
  });
});

describe('refusals', () => {
  it('refuses a free account, oneself and an unknown user, and bad input, writing nothing', async () => {
    // Prepare
    const name = uniqueName('Offer');
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>o</p>') });

    // Act
    const answers = await Promise.all([
      share(ada, template.id, { email: fay.email }),
      share(ada, template.id, { email: fay.email, mode: 'copy' }),
      share(ada, template.id, { email: ada.email }),
      share(ada, template.id, { email: `nobody-${Date.now()}@example.com` }),
      share(ada, template.id, { email: 'not an email' }),
      share(ada, template.id, { email: bob.email, rights: 'owner' }),
      share(ada, template.id, { email: bob.email, mode: 'copy', extra: true }),
    ]);

    // Assess
    expect(answers.map(errorOf)).toEqual([
      [400, ERROR_CODES.TEMPLATE_SHARE_RECEIVER],
      [400, ERROR_CODES.TEMPLATE_SHARE_RECEIVER],
      [400, ERROR_CODES.TEMPLATE_SHARE_RECEIVER],
      [404, ERROR_CODES.USER_NOT_FOUND],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
    ]);
    expect(await sharesOf(ada, template.id)).toEqual([]);
    expect(await sharedWithMeOf(fay, name)).toEqual([]);
    expect(await sharedWithMeOf(bob, name)).toEqual([]);
    expect(await shareNotices(fay, name)).toEqual([]);
    expect((await getAccount(fay.tuid))?.free).toBe(true);
  });

  it('refuses to accept an offer once the receiving account has become free', async () => {
    // Prepare
    const name = uniqueName('Offer');
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>o</p>') });
    const offered = await share(ada, template.id, { email: carol.email, mode: 'copy' });
    await updateAccount(carol.tuid, { free: true });

    // Act
    const accepted = await call(api, carol, 'POST', `/shared-templates/${offered.body.share.id}/accept`).finally(() => updateAccount(carol.tuid, { free: false }));

    // Assess
    expect(errorOf(accepted)).toEqual([400, ERROR_CODES.TEMPLATE_SHARE_RECEIVER]);
    expect(await templateNames(carol, name)).toEqual([]);
    expect((await sharedWithMeOf(carol, name)).map((entry) => entry.status)).toEqual(['pending']);
  });

  it('answers TPL-SHR-01 when already shared, pending or accepted, even for racing requests', async () => {
    // Prepare
    const name = uniqueName('Offer');
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>o</p>') });
    const first = await share(ada, template.id, { email: bob.email });

    // Act
    const whilePending = await share(ada, template.id, { email: bob.email, mode: 'copy' });
    await call(api, bob, 'POST', `/shared-templates/${first.body.share.id}/accept`);
    const whileAccepted = await share(ada, template.id, { email: bob.email, rights: 'edit' });
    const racing = await Promise.all(Array.from({ length: 4 }, () => share(ada, template.id, { email: carol.email })));

    // Assess
    expect(errorOf(whilePending)).toEqual([409, ERROR_CODES.TEMPLATE_ALREADY_SHARED]);
    expect(errorOf(whileAccepted)).toEqual([409, ERROR_CODES.TEMPLATE_ALREADY_SHARED]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await sharesOf(ada, template.id)).map((entry) => entry.receiver.email).sort()).toEqual([bob.email, carol.email].sort());
    expect(await sharedWithMeOf(carol, name)).toHaveLength(1);
    expect(await shareNotices(carol, name)).toHaveLength(1);
  });

  it('needs template write permission to share and to answer, and keeps other accounts out', async () => {
    // Prepare
    const analyst = await connect(ada, eve, 'analyst');
    const bobsAnalyst = await connect(bob, carol, 'analyst');
    const name = uniqueName('Offer');
    const template = await seedTemplate(api, ada, { name, content: emailContent('<p>o</p>') });
    const offered = await share(ada, template.id, { email: bob.email });

    // Act
    const byAnalyst = await share(analyst, template.id, { email: carol.email });
    const analystList = await call(api, analyst, 'GET', `/templates/${template.id}/shares`);
    const eveList = await call(api, eve, 'GET', `/templates/${template.id}/shares`);
    const eveShares = await share(eve, template.id, { email: bob.email });
    const eveAccepts = await call(api, eve, 'POST', `/shared-templates/${offered.body.share.id}/accept`);
    const eveRemoves = await call(api, eve, 'DELETE', `/templates/${template.id}/shares/${offered.body.share.id}`);
    const analystAccepts = await call(api, bobsAnalyst, 'POST', `/shared-templates/${offered.body.share.id}/accept`);

    // Assess
    expect(errorOf(byAnalyst)).toEqual([403, ERROR_CODES.NO_PERMISSION]);
    expect(analystList.status).toBe(200);
    expect(errorOf(eveList)).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
    expect(errorOf(eveShares)).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
    expect(errorOf(eveAccepts)).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(errorOf(eveRemoves)).toEqual([404, ERROR_CODES.TEMPLATE_NOT_FOUND]);
    expect(errorOf(analystAccepts)).toEqual([403, ERROR_CODES.NO_PERMISSION]);
    expect((await sharedWithMeOf(bob, name)).map((entry) => entry.status)).toEqual(['pending']);
  });
});
