/**
 * Campaigns for tests: commands ready to send, drafts made through the wizard's calls, and
 * campaigns written straight to the store as the send pipeline leaves them (started, or sent with
 * their tracked links) for tests that need no session.
 */
import type { AccountRecord } from '../../../functions/data/accounts.js';
import { putTrackedLinks } from '../../../functions/data/campaign-counters.js';
import { insertCampaignRecord, writeCampaignCommand, type CampaignRecord } from '../../../functions/data/campaigns.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { enqueueCampaignPlan } from '../../../functions/queues/campaign-plan.js';
import { newCampaignRecord } from '../../../functions/services/campaigns/campaigns.js';
import type { CampaignChannel } from '../../../shared/domain/campaign-channels.js';
import { compileTemplate } from '../../../shared/domain/personalization.js';
import type { TCampaignCommand, TCampaignSummary, TEmailCampaignCommand, TSmsCampaignCommand } from '../../../shared/schemas/campaigns.js';
import { assertStatus, call, type ApiClient, type Caller } from '../api.js';
import type { Actor } from './accounts.js';

export const CAMPAIGNS = '/email/campaigns';
export const SAVE = '/create-campaign/save';

/** The command of an email campaign that can be sent to a group: every part the wizard fills in. */
export function emailCommand(senderEmail: string, overrides: Partial<TEmailCampaignCommand> = {}): TEmailCampaignCommand {
  return {
    selection: { includedGroup: ['system-email'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
    content: {
      kind: 'email',
      editor: 'code',
      html: '<html><body><p>Hello {{ field:f1 | there }}</p><a href="https://example.com/offer">Offer</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>',
      project: null,
    },
    subject: 'Spring offers for {{ field:f1 }}',
    preheader: 'Our best prices',
    senderName: 'Shop Ltd',
    senderEmail,
    replyTo: 'replies@example.com',
    ...overrides,
  };
}

/** An SMS campaign's command: everyone with a mobile, a personalised text. */
export function smsCommand(overrides: Partial<TSmsCampaignCommand> = {}): TSmsCampaignCommand {
  return {
    selection: { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
    message: 'Hi {{ field:f1 | there }}, spring sale today only',
    ...overrides,
  };
}

/** The command the campaign API tests save: `emailCommand` with a plain subject. */
export const readyCommand = (senderEmail: string): TEmailCampaignCommand => emailCommand(senderEmail, { subject: 'Spring offers' });

/** Creates a draft through the wizard's calls: create, then (with a command) take the lock, save the command, release the lock. */
export async function seedCampaign(api: ApiClient, caller: Caller, name: string, command?: TEmailCampaignCommand): Promise<string> {
  const created = await call<{ id: string }>(api, caller, 'POST', SAVE, { campaignName: name });
  assertStatus(created, 201);
  const { id } = created.body;
  if (command) {
    assertStatus(await call(api, caller, 'GET', `${SAVE}/lock?id=${id}`), 200);
    const saved = await call(api, caller, 'POST', `${SAVE}?source=information&mode=manual`, { id, command });
    assertStatus(saved, 200);
    assertStatus(await call(api, caller, 'DELETE', `${SAVE}/lock?id=${id}`), 200);
  }
  return id;
}

/** A campaign action (send now, schedule, approve...) from the list's or the report's menu. */
export function actOnCampaign(api: ApiClient, caller: Caller, id: string, body: Record<string, unknown>) {
  return call<{ campaign: TCampaignSummary; statusCode?: string; message?: string }>(api, caller, 'POST', `${CAMPAIGNS}/${id}/actions`, body);
}

const TYPE_OF_CHANNEL = { email: 'Email', sms: 'SMS', mms: 'MMS' } as const;

/** A campaign as sendNow leaves it: started, with a run, and the planner's message on its queue. */
export async function startedCampaign(account: AccountRecord, command: TCampaignCommand, channel: CampaignChannel = 'email'): Promise<{ campaignId: string; runId: string }> {
  const now = new Date();
  const campaignId = timeOrderedId(now);
  const runId = timeOrderedId(now);
  const commandKey = await writeCampaignCommand(account.tuid, campaignId, command, now);
  const user = { loginTuid: account.tuid, name: account.fullname };
  const record: CampaignRecord = {
    id: campaignId,
    channel,
    type: TYPE_OF_CHANNEL[channel],
    name: `Campaign ${campaignId}`,
    nameKey: `campaign ${campaignId}`,
    status: 'started',
    approval: null,
    tags: [],
    subject: command.subject ?? '',
    commandKey,
    createTime: now.toISOString(),
    lastModifiedTime: now.toISOString(),
    createdBy: user,
    lastModifiedBy: user,
    scheduleTime: null,
    recurring: null,
    parentId: null,
    run: { runId, kind: 'send', startTime: now.toISOString(), startedBy: user, recipients: null, estimatedEndTime: null, finishTime: null, commandKey },
    draftReason: null,
    lock: null,
  };
  await insertCampaignRecord(account.tuid, record);
  await enqueueCampaignPlan({ tuid: account.tuid, campaignId, runId, kind: 'send' });
  return { campaignId, runId };
}

export const SENT_HTML =
  '<html><body><p>Hello {{ field:f1 | there }}</p><a href="https://shop.example.com/offer?a=1&amp;b=2">Offer</a> <a href="https://shop.example.com/help">Help</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>';

export type SentCampaign = { id: string; name: string; links: string[] };

let sentCampaigns = 0;

/** A campaign that was sent (status finished, a run with its command), with its tracked links stored. */
export async function sentCampaign(actor: Actor, changes: Partial<CampaignRecord> = {}, html = SENT_HTML): Promise<SentCampaign> {
  sentCampaigns += 1;
  const now = new Date();
  const id = timeOrderedId(now);
  const name = `Spring sale ${sentCampaigns}`;
  const commandKey = await writeCampaignCommand(actor.tuid, id, { name, subject: 'Spring', content: { kind: 'email', editor: 'code', html, project: null } }, now);
  const user = { loginTuid: actor.loginTuid, name: 'Tester' };
  const record: CampaignRecord = {
    ...newCampaignRecord({ id, name, type: 'Email', user, now }),
    status: 'finished',
    commandKey,
    run: { runId: 'run1', startTime: now.toISOString(), startedBy: user, recipients: 3, estimatedEndTime: now.toISOString(), finishTime: null, commandKey },
    ...changes,
  };
  await insertCampaignRecord(actor.tuid, record);
  const links = compileTemplate(html, { fields: [], escape: 'html', trackLink: (url) => url }).trackedLinks.map((link) => link.url);
  await putTrackedLinks(actor.tuid, id, 'run1', links);
  return { id, name, links };
}
