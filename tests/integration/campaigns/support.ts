/** Shared steps of the campaign tests: verified accounts, a ready-to-send campaign, typed calls, the planner's queue. */
import { ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { expect } from 'vitest';
import { updateAccount } from '../../../functions/data/accounts.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { ZCampaignPlanMessage, type TCampaignPlanMessage } from '../../../functions/queues/campaign-plan.js';
import type { TCampaignSummary, TEmailCampaignCommand } from '../../../shared/schemas/campaigns.js';
import type { ApiClient } from '../../helpers/api.js';
import { signUpAs, type Actor } from '../templates/support.js';

export const API = '/api/v1/pageBasedAPI';
export const CAMPAIGNS = `${API}/email/campaigns`;
export const SAVE = `${API}/create-campaign/save`;

export type { Actor };

export function call<T = Record<string, unknown>>(api: ApiClient, actor: Actor, method: string, path: string, body?: unknown) {
  return api.request<T & { statusCode?: string; message?: string; lockedBy?: string }>(method, path, { token: actor.token, body });
}

/** A new account whose login email is verified (only verified accounts send), named `fullname`. */
export async function verifiedAccount(api: ApiClient, fullname: string): Promise<Actor & { login: string }> {
  const actor = await signUpAs(api, fullname);
  const user = await call<{ login: string }>(api, actor, 'GET', `${API}/user`);
  await updateAccount(actor.tuid, { unverified: false, status: 'active' });
  return { ...actor, login: user.body.login };
}

/** The command of a campaign that can be sent: every part the wizard fills in. */
export function readyCommand(senderEmail: string, groupId = 'system-email'): TEmailCampaignCommand {
  return {
    selection: { includedGroup: [groupId], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
    content: { kind: 'email', editor: 'code', html: '<html><body><p>Hello {{ field:f1 | there }}</p><a href="https://example.com/offer">Offer</a></body></html>', project: null },
    subject: 'Spring offers',
    preheader: 'Our best prices',
    senderName: 'Shop',
    senderEmail,
    replyTo: '',
  };
}

/** Creates a draft through the wizard's calls: create, take the lock, save the command. */
export async function createCampaign(api: ApiClient, actor: Actor, name: string, command?: TEmailCampaignCommand): Promise<string> {
  const created = await call<{ id: string }>(api, actor, 'POST', SAVE, { campaignName: name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id } = created.body;
  if (command) {
    expect((await call(api, actor, 'GET', `${SAVE}/lock?id=${id}`)).status).toBe(200);
    const saved = await call(api, actor, 'POST', `${SAVE}?source=information&mode=manual`, { id, command });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(api, actor, 'DELETE', `${SAVE}/lock?id=${id}`)).status).toBe(200);
  }
  return id;
}

export async function act(api: ApiClient, actor: Actor, id: string, body: Record<string, unknown>) {
  return call<{ campaign: TCampaignSummary }>(api, actor, 'POST', `${CAMPAIGNS}/${id}/actions`, body);
}

/** Takes every message waiting in the campaign-plan queue (the planner is not run). */
export async function takePlanMessages(): Promise<TCampaignPlanMessage[]> {
  const queueUrl = process.env.QUEUE_URL_CAMPAIGN_PLAN!;
  const messages: TCampaignPlanMessage[] = [];
  for (;;) {
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!received.Messages?.length) return messages;
    for (const message of received.Messages) {
      messages.push(ZCampaignPlanMessage.parse(JSON.parse(message.Body ?? '')));
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
}
