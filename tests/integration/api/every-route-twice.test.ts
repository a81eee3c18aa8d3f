/**
 * Every route of the contracts called twice in a row, against an account that holds one of each
 * thing (contact, field, group, templates and a share, campaigns of both families and a sent one,
 * a notification, an announcement, an import, an export, a sender ID, a folder). No answer is a
 * 5xx; a route idempotent by REST semantics (GET, PUT, DELETE) answers its second call with the
 * first call's status. POSTs create or act, so their second call may answer otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../../functions/data/accounts.js';
import { createNotification } from '../../../functions/services/notifications/notifications.js';
import { ROUTE_CONTRACTS } from '../../../shared/contracts/index.js';
import { pathWith, type RouteContract } from '../../../shared/contracts/route.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { asSupport, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { emailCommand, seedCampaign, sentCampaign, smsCommand } from '../../helpers/seed/campaigns.js';
import { seedContact, seedField, seedGroup } from '../../helpers/seed/contacts.js';
import { requestSenderId } from '../../helpers/seed/sender-ids.js';
import { emailContent, seedTemplate } from '../../helpers/seed/templates.js';
import { call } from '../../helpers/api.js';

let api: ApiClient;

type Seeded = {
  owner: Actor & { email: string };
  friend: Actor & { email: string };
  support: Actor;
  /** A user the support routes may lock and log out without ending the owner's session. */
  victim: Actor & { email: string };
  /** A user who never had a notification. */
  newcomer: Actor;
  contactId: string;
  fieldId: string;
  groupId: string;
  templateId: string;
  templateVersion: string;
  spareTemplateId: string;
  shareId: string;
  leftShareId: string;
  emailCampaignId: string;
  smsCampaignId: string;
  sentCampaignId: string;
  notificationId: string;
  announcementId: string;
  importId: string;
  exportId: string;
  senderId: string;
  folderId: string;
};
let seeded: Seeded;

async function created<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`seeding failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  const owner = await signUpAs(api, 'Twice Owner');
  const friend = await signUpAs(api, 'Twice Friend');
  const victim = await signUpAs(api, 'Twice Victim');
  const newcomer = await signUpAs(api, 'Twice Newcomer');
  // Sharing takes a standard (paid) receiver; sender IDs and sends a verified account.
  for (const actor of [owner, friend]) await updateAccount(actor.tuid, { free: false, unverified: false, status: 'active' });
  const support = await asSupport(owner);
  const contact = await seedContact(api, owner, { email: 'twice@example.com', fields: { f1: 'Twice' } });
  const field = await seedField(api, owner, { name: 'Twice field', type: 'text' });
  const group = await seedGroup(api, owner, { type: 'S', name: 'Twice group' });
  const template = await seedTemplate(api, owner, { name: 'Twice template', content: emailContent('<p>twice</p>') });
  const spare = await seedTemplate(api, owner, { name: 'Spare template', content: emailContent('<p>spare</p>') });
  // Saving takes the edit lock (the editor takes it on opening).
  await created(call(api, owner, 'POST', `/templates/${template.id}/lock`, {}));
  const share = await created(call<{ share: { id: string } }>(api, owner, 'POST', `/templates/${template.id}/shares`, { email: friend.email, rights: 'edit' }));
  await created(call(api, friend, 'POST', `/shared-templates/${share.share.id}/accept`));
  // The owner ends one share, the friend leaves another.
  const left = await seedTemplate(api, owner, { name: 'Left template', content: emailContent('<p>left</p>') });
  const leftShare = await created(call<{ share: { id: string } }>(api, owner, 'POST', `/templates/${left.id}/shares`, { email: friend.email }));
  await created(call(api, friend, 'POST', `/shared-templates/${leftShare.share.id}/accept`));
  const emailCampaignId = await seedCampaign(api, owner, 'Twice email', emailCommand(owner.email));
  const sms = await created(call<{ id: string }>(api, owner, 'POST', '/sms/create-campaign/save', { campaignName: 'Twice SMS', type: 'SMS' }));
  const sent = await sentCampaign(owner);
  const notification = await createNotification({ userId: owner.loginTuid, type: 'import', messageType: 'finished', severity: 0, values: { importName: 'list.csv', numberOfRecords: 1, numberOfErrors: 0 }, now: new Date() });
  const announcement = await created(
    call<{ id: string }>(api, support, 'POST', '/admin/announcements', { title: 'Twice', preview: 'Twice', content: '<p>Twice</p>', pop_up: true, important: false, valid_date: null }),
  );
  const upload = await created(call<{ id: string }>(api, owner, 'POST', '/data-import/upload', { fileName: 'twice.csv', size: 20 }));
  const started = await created(call<{ export: { id: string } }>(api, owner, 'POST', '/data-export/start', { name: 'Twice export', format: 'csv', source: { kind: 'all' } }));
  const senderId = await requestSenderId(api, owner, 'TWICE');
  const folder = await created(call<{ entry: { id: string } }>(api, owner, 'POST', '/file-manager/folders', { name: 'Twice folder' }));
  seeded = {
    owner,
    friend,
    support,
    victim,
    newcomer,
    contactId: String(contact.id),
    fieldId: field.id,
    groupId: String(group.id),
    templateId: template.id,
    templateVersion: template.version,
    spareTemplateId: spare.id,
    shareId: share.share.id,
    leftShareId: leftShare.share.id,
    emailCampaignId,
    smsCampaignId: sms.id,
    sentCampaignId: sent.id,
    notificationId: notification.id,
    announcementId: announcement.id,
    importId: upload.id,
    exportId: started.export.id,
    senderId: senderId.id,
    folderId: folder.entry.id,
  };
}, 120_000);
afterAll(async () => {
  await api.close();
});

type RouteCall = {
  as?: (s: Seeded) => Actor | null;
  params?: (s: Seeded) => Record<string, string>;
  query?: (s: Seeded) => Record<string, string>;
  body?: (s: Seeded) => unknown;
};

const WRONG_TOKEN = 'no-such-token';
const TWICE_SENDER = 'twice-sender@twice.example';
const TWICE_DOMAIN = 'twice.example';
const templateParams = (s: Seeded) => ({ templateId: s.templateId });
const shareParams = (s: Seeded) => ({ shareId: s.shareId });
const asFriend = (s: Seeded) => s.friend;
const asSupportStaff = (s: Seeded) => s.support;
const asNobody = () => null;

/** A real input for each route that takes one; a route not named here is called with the seeded ids its path names and no body. */
const CALLS: Record<string, RouteCall> = {
  'auth.signUp': { as: asNobody, body: (s) => ({ fullname: 'Twice Owner', email: s.owner.email, password: 'Api-Test-User-2026' }) },
  'auth.logIn': { as: asNobody, body: (s) => ({ email: s.victim.email, password: 'Api-Test-User-2026' }) },
  'config.get': { as: asNobody },
  'user.setLanguage': { body: () => ({ isoCode: 'en' }) },
  'account.sendVerification': { body: () => ({}) },
  'account.verify': { body: () => ({ code: '000000' }) },
  'account.sendChangeEmailCode': { body: () => ({ email: 'twice-new@example.com' }) },
  'account.verifyChangeEmail': { body: () => ({ email: 'twice-new@example.com', code: '000000' }) },
  'account.changePassword': { body: () => ({ oldPassword: 'Not-The-Password-1', newPassword: 'Another-Password-2026' }) },
  'account.updateProfile': { body: () => ({ fullname: 'Twice Owner', timezone: 'Asia/Hong_Kong', language: 'en', addFooter: true }) },
  'account.endSession': { params: () => ({ sid: 'no-such-session' }) },
  'auth.forgotPassword': { as: asNobody, body: (s) => ({ email: s.victim.email }) },
  'auth.resetPassword': { as: asNobody, body: () => ({ token: WRONG_TOKEN, newPassword: 'Another-Password-2026' }) },
  'notifications.popUp': { query: () => ({ page: '1', limit: '10' }) },
  'notifications.history': { query: () => ({ type: 'import' }) },
  'notifications.markRead': { body: (s) => ({ id: s.notificationId }) },
  'notifications.deleteOne': { body: (s) => ({ id: s.notificationId }) },
  'notifications.deleteAll': { as: (s) => s.newcomer },
  'notifications.updateSettings': { body: () => ({ emailTypes: ['import', 'export'] }) },
  'announcements.open': { params: (s) => ({ id: s.announcementId }) },
  'announcements.hide': { params: (s) => ({ id: s.announcementId }) },
  'admin.listAnnouncements': { as: asSupportStaff },
  'admin.createAnnouncement': { as: asSupportStaff, body: () => ({ title: 'Another', preview: 'Another', content: '<p>Another</p>', pop_up: false, important: false, valid_date: null }) },
  'admin.updateAnnouncement': {
    as: asSupportStaff,
    params: (s) => ({ id: s.announcementId }),
    body: () => ({ title: 'Twice, edited', preview: 'Twice', content: '<p>Twice</p>', pop_up: true, important: true, valid_date: null }),
  },
  'admin.deleteAnnouncement': { as: asSupportStaff, params: (s) => ({ id: s.announcementId }) },
  'admin.forceLogout': { as: asSupportStaff, body: (s) => ({ email: s.victim.email }) },
  'admin.lockAccount': { as: asSupportStaff, body: (s) => ({ email: s.victim.email, locked: true }) },
  'admin.listSenderIds': { as: asSupportStaff, query: () => ({ queue: 'review' }) },
  'admin.approveSenderId': { as: asSupportStaff, params: (s) => ({ tuid: s.owner.tuid, id: s.senderId }) },
  'admin.rejectSenderId': { as: asSupportStaff, params: (s) => ({ tuid: s.owner.tuid, id: s.senderId }), body: () => ({ reason: 'Twice' }) },
  'admin.forceSenderIdReverify': { as: asSupportStaff, params: (s) => ({ tuid: s.owner.tuid, id: s.senderId }), body: () => ({ senderIdForceReverifyEndTime: '2030-01-01T00:00:00Z' }) },
  'contacts.createField': { body: () => ({ name: 'Another field', type: 'text' }) },
  'contacts.updateField': { body: () => ({ name: 'Twice field, renamed' }) },
  'contacts.search': { body: () => ({}) },
  'contacts.count': { body: () => ({}) },
  'contacts.create': { body: () => ({ email: 'another@example.com' }) },
  'contacts.update': { body: () => ({ emailSubscribe: true, fields: { f1: 'Twice again' } }) },
  'contacts.delete': { body: (s) => ({ ids: [s.contactId] }) },
  'groups.list': { query: () => ({ page: '1', limit: '10' }) },
  'groups.create': { body: () => ({ type: 'S', name: 'Another group' }) },
  'groups.update': { body: () => ({ name: 'Twice group, renamed' }) },
  'groups.contacts': { body: () => ({}) },
  'groups.changeMembers': { body: (s) => ({ add: [s.contactId] }) },
  'groups.countRecipients': { body: (s) => ({ channel: 'email', selection: { includedGroup: [s.groupId] } }) },
  'imports.createUpload': { body: () => ({ fileName: 'another.csv', size: 20 }) },
  'imports.preview': { body: () => ({}) },
  'imports.start': { body: () => ({}) },
  'imports.stop': { body: () => ({}) },
  'imports.getFile': { query: () => ({ type: 'file' }) },
  'exports.start': { body: () => ({ name: 'Another export', format: 'csv', source: { kind: 'all' } }) },
  'exports.stop': { body: () => ({}) },
  'search.everywhere': { query: () => ({ search: 'twice' }) },
  'campaigns.emailSave': { query: () => ({ source: 'information', mode: 'manual' }), body: (s) => ({ id: s.emailCampaignId, command: emailCommand(s.owner.email) }) },
  'campaigns.emailLoad': { query: (s) => ({ id: s.emailCampaignId }) },
  'campaigns.emailLock': { query: (s) => ({ id: s.emailCampaignId }) },
  'campaigns.emailUnlock': { query: (s) => ({ id: s.emailCampaignId }) },
  'campaigns.emailCheckTitle': { body: () => ({ title: 'Twice email' }) },
  'campaigns.emailSelectionDetails': { body: (s) => ({ campId: s.emailCampaignId }) },
  'campaigns.emailList': { query: () => ({ tab: 'all' }) },
  'campaigns.emailDelete': { body: (s) => ({ ids: [s.emailCampaignId] }) },
  'campaigns.emailRename': { params: (s) => ({ campaignId: s.emailCampaignId }), body: () => ({ name: 'Twice email, renamed' }) },
  'campaigns.emailTag': { params: (s) => ({ campaignId: s.emailCampaignId }), body: () => ({ tags: ['twice'] }) },
  'campaigns.emailReplicate': { params: (s) => ({ campaignId: s.emailCampaignId }) },
  'campaigns.emailAction': { params: (s) => ({ campaignId: s.emailCampaignId }), body: () => ({ action: 'pause' }) },
  'campaigns.emailOnlineVersion': { body: (s) => ({ id: s.sentCampaignId }) },
  'campaigns.smsSave': { body: (s) => ({ id: s.smsCampaignId, command: smsCommand(), type: 'SMS' }) },
  'campaigns.smsLoad': { query: (s) => ({ id: s.smsCampaignId }) },
  'campaigns.smsLock': { query: (s) => ({ id: s.smsCampaignId }) },
  'campaigns.smsUnlock': { query: (s) => ({ id: s.smsCampaignId }) },
  'campaigns.smsCheckTitle': { body: () => ({ title: 'Twice SMS' }) },
  'campaigns.smsSelectionDetails': { body: (s) => ({ campId: s.smsCampaignId }) },
  'campaigns.smsList': { query: () => ({ tab: 'all' }) },
  'campaigns.smsDelete': { body: (s) => ({ ids: [s.smsCampaignId] }) },
  'campaigns.smsRename': { params: (s) => ({ campaignId: s.smsCampaignId }), body: () => ({ name: 'Twice SMS, renamed' }) },
  'campaigns.smsTag': { params: (s) => ({ campaignId: s.smsCampaignId }), body: () => ({ tags: ['twice'] }) },
  'campaigns.smsReplicate': { params: (s) => ({ campaignId: s.smsCampaignId }) },
  'campaigns.smsAction': { params: (s) => ({ campaignId: s.smsCampaignId }), body: () => ({ action: 'pause' }) },
  'campaigns.smsCost': { params: (s) => ({ campaignId: s.smsCampaignId }) },
  'campaign-reports.emailView': { params: (s) => ({ view: 'overview', campaignId: s.sentCampaignId }) },
  'campaign-reports.emailExport': { params: (s) => ({ view: 'delivery', campaignId: s.sentCampaignId }), body: () => ({ format: 'csv' }) },
  'campaign-reports.smsView': { params: (s) => ({ view: 'overview', campaignId: s.smsCampaignId }) },
  'campaign-reports.smsExport': { params: (s) => ({ view: 'delivery', campaignId: s.smsCampaignId }), body: () => ({ format: 'csv' }) },
  'tracking.open': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'tracking.click': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'tracking.shortLink': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'tracking.unsubscribePage': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'tracking.unsubscribe': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'tracking.onlineVersion': { as: asNobody, params: () => ({ token: WRONG_TOKEN }) },
  'sms-settings.requestSenderId': { body: () => ({ senderId: 'ANOTHER' }) },
  'sms-settings.deleteSenderId': { params: (s) => ({ id: s.senderId }) },
  'sms-settings.allowCallingCode': { body: () => ({ callingCode: '44' }) },
  'sms-settings.disallowCallingCode': { params: () => ({ code: '44' }) },
  'sender-identities.addSenderAddress': { body: () => ({ email: TWICE_SENDER }) },
  'sender-identities.resendSenderAddressCode': { params: () => ({ email: TWICE_SENDER }) },
  'sender-identities.verifySenderAddress': { params: () => ({ email: TWICE_SENDER }), body: () => ({ code: '000000' }) },
  'sender-identities.setDefaultSenderAddress': { params: () => ({ email: TWICE_SENDER }) },
  'sender-identities.deleteSenderAddress': { params: () => ({ email: TWICE_SENDER }) },
  'sender-identities.addSenderDomain': { body: () => ({ domain: TWICE_DOMAIN }) },
  'sender-identities.checkSenderDomain': { params: () => ({ domain: TWICE_DOMAIN }) },
  'sender-identities.deleteSenderDomain': { params: () => ({ domain: TWICE_DOMAIN }) },
  'templates.list': { query: () => ({ limit: '10' }) },
  'templates.create': { body: () => ({ name: 'Another template', content: emailContent('<p>another</p>') }) },
  'templates.deleteMany': { body: (s) => ({ ids: [s.spareTemplateId] }) },
  'templates.convert': { body: () => ({ url: 'http://127.0.0.1:9/page' }) },
  'templates.save': { params: templateParams, body: () => ({ content: emailContent('<p>twice, saved</p>') }) },
  'templates.rename': { params: templateParams, body: () => ({ name: 'Twice template, renamed' }) },
  'templates.copy': { params: templateParams, body: () => ({}) },
  'templates.lock': { params: templateParams, body: () => ({}) },
  'templates.testSend': { params: templateParams, body: (s) => ({ contactId: s.contactId }) },
  'templates.share': { params: templateParams, body: (s) => ({ email: s.victim.email }) },
  'templates.changeShareRights': { params: (s) => ({ templateId: s.templateId, shareId: s.shareId }), body: () => ({ rights: 'view' }) },
  'templates.removeShare': { params: (s) => ({ templateId: s.templateId, shareId: s.shareId }) },
  'templates.sharedWithMe': { as: asFriend },
  'templates.getShared': { as: asFriend, params: shareParams },
  'templates.saveShared': { as: asFriend, params: shareParams, body: () => ({ content: emailContent('<p>twice, by a friend</p>') }) },
  'templates.leaveShare': { as: asFriend, params: (s) => ({ shareId: s.leftShareId }) },
  'templates.acceptShare': { as: asFriend, params: shareParams },
  'templates.rejectShare': { as: asFriend, params: shareParams },
  'templates.copyShared': { as: asFriend, params: shareParams },
  'templates.lockShared': { as: asFriend, params: shareParams, body: () => ({}) },
  'templates.unlockShared': { as: asFriend, params: shareParams },
  'templates.thumbnail': { query: (s) => ({ id: s.templateId, version: s.templateVersion, tuid: s.owner.tuid }) },
  'file-manager.publicUrlPrefix': { query: () => ({}) },
  'file-manager.list': { query: () => ({ folderId: 'root' }) },
  'file-manager.delete': { body: (s) => ({ ids: [s.folderId] }) },
  'file-manager.rename': { params: (s) => ({ entryId: s.folderId }), body: () => ({ name: 'Twice folder, renamed' }) },
  'file-manager.move': { params: (s) => ({ entryId: s.folderId }), body: () => ({ parentId: 'root' }) },
  'file-manager.createFolder': { body: () => ({ name: 'Another folder' }) },
  'file-manager.createUpload': { body: () => ({ name: 'twice.png', size: 100, contentType: 'image/png' }) },
  'file-manager.confirmUpload': { params: () => ({ uploadId: 'no-such-upload' }), body: () => ({}) },
  'file-manager.files': { query: (s) => ({ ids: s.folderId }) },
};

/** The seeded id each path parameter names, where one name means one kind of thing. */
const PARAMS_BY_NAME: Record<string, (s: Seeded) => string> = {
  contactId: (s) => s.contactId,
  fieldId: (s) => s.fieldId,
  groupId: (s) => s.groupId,
  importId: (s) => s.importId,
  exportId: (s) => s.exportId,
  templateId: (s) => s.templateId,
  shareId: (s) => s.shareId,
};

const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);
/**
 * Deletions of one named record: the same effect twice, but the second answer says the record is
 * gone (VAL-REC-01, the spec's "record deleted"), as another tab would be told. Deletions of a
 * list of ids or of a state (delete-all, unlock, hide) answer the same twice.
 */
const RECORD_DELETIONS = new Set([
  'notifications.deleteOne',
  'admin.deleteAnnouncement',
  'contacts.deleteField',
  'groups.delete',
  'sms-settings.deleteSenderId',
  'sms-settings.disallowCallingCode',
  'sender-identities.deleteSenderAddress',
  'sender-identities.deleteSenderDomain',
  'templates.delete',
  'templates.removeShare',
  'templates.leaveShare',
]);
// Reads and edits before the creating POSTs, deletions last, so each route finds what it acts on; logout ends the session.
const PHASES = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'];
// A template's shares and lock go before the template.
const DELETED_LAST = new Set(['templates.delete', 'templates.deleteMany']);
const phaseOf = (route: RouteContract) => (route.name === 'auth.logOut' ? PHASES.length : PHASES.indexOf(route.method) + (DELETED_LAST.has(route.name) ? 0.5 : 0));
const ORDERED_ROUTES = [...ROUTE_CONTRACTS].sort((a, b) => phaseOf(a) - phaseOf(b));

type Outcome = { route: string; method: string; statuses: number[]; bodies: unknown[] };

async function callTwice(route: RouteContract, s: Seeded): Promise<Outcome> {
  const input = CALLS[route.name] ?? {};
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const params = input.params?.(s) ?? Object.fromEntries(names.map((name) => [name, PARAMS_BY_NAME[name]?.(s) ?? 'missing']));
  const search = new URLSearchParams(input.query?.(s) ?? {}).toString();
  const path = `${pathWith(route.path, params)}${search ? `?${search}` : ''}`;
  const caller = input.as ? input.as(s) : s.owner;
  const body = input.body?.(s);
  const statuses: number[] = [];
  const bodies: unknown[] = [];
  for (let n = 0; n < 2; n += 1) {
    const answer = await api.request(route.method, path, { token: caller?.token, body });
    statuses.push(answer.status);
    bodies.push(answer.body);
  }
  return { route: route.name, method: route.method, statuses, bodies };
}

describe('every route, twice in a row', () => {
  it('never answers 5xx, and an idempotent route answers the second call as the first', async () => {
    // Act
    const outcomes: Outcome[] = [];
    for (const route of ORDERED_ROUTES) outcomes.push(await callTwice(route, seeded));

    // Assess
    const serverErrors = outcomes.filter((outcome) => outcome.statuses.some((status) => status >= 500));
    expect(serverErrors).toEqual([]);
    const idempotent = outcomes.filter((outcome) => IDEMPOTENT_METHODS.has(outcome.method) && !RECORD_DELETIONS.has(outcome.route));
    expect(idempotent.filter((outcome) => outcome.statuses[0] !== outcome.statuses[1])).toEqual([]);
    const deletions = outcomes.filter((outcome) => RECORD_DELETIONS.has(outcome.route));
    expect(Object.fromEntries(deletions.map((outcome) => [outcome.route, [outcome.statuses[0]! < 300 ? 'deleted' : outcome.statuses[0], outcome.statuses[1]]]))).toEqual(
      Object.fromEntries([...RECORD_DELETIONS].map((route) => [route, ['deleted', 404]])),
    );
    expect(outcomes).toHaveLength(ROUTE_CONTRACTS.length);
  }, 300_000);
});
