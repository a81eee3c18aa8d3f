/**
 * A run's channel behind one shape, so the planner and the delivery workers never branch on it:
 * which contacts it can reach, what one message costs (credits, SMS segments, country), the
 * message itself ready to hand to its transport, and how a transport failure is treated.
 *
 * The run's message is compiled once per warm worker (the command version the run started with)
 * and kept for the next batches of the same run.
 */
import type { CampaignChannel } from '../../../../shared/domain/campaign-channels.js';
import { isReachable, type ContactRecord } from '../../../../shared/domain/contacts.js';
import { mailFailureKind, type CampaignMailTransport } from '../../../channels/mail.js';
import { isOptedOutError, refusalReasonOf, smsFailureKind, type CampaignSmsTransport } from '../../../channels/sms.js';
import { refusalOutcome, type UnsentOutcome } from '../../../../shared/domain/campaign-engagement.js';
import { getAccount } from '../../../data/accounts.js';
import { readEmailCommand, readTextCommand } from '../../../data/campaigns.js';
import { getSmsSettings } from '../../../data/sms-settings.js';
import { config } from '../../../lib/config.js';
import { listContactFields } from '../../contacts/contact-fields.js';
import { verifiedDomainsOf } from '../../sender-identities/sender-addresses.js';
import { suppressMobile } from '../../contacts/contacts.js';
import { campaignMailFor, compileRunMessage, type RunMessage } from './message.js';
import { compileTextRunMessage, textMessageFor, type TextRunMessage } from './text-message.js';

export type CompiledRun = { channel: 'email'; message: RunMessage } | { channel: 'sms' | 'mms'; message: TextRunMessage };

/** What one message costs: credits, the parts it travels in, the destination country (null for email). */
export type MessageCost = { credits: number; segments: number; country: string | null };

/** One recipient's message, ready to go. */
export type Outgoing = { send(): Promise<unknown>; cost: MessageCost };

export type Transports = { mail: CampaignMailTransport; sms: CampaignSmsTransport };

export type RunSender = {
  channel: CampaignChannel;
  /** Subscribed, not bounced, with an address on the channel. */
  reaches(contact: ContactRecord): boolean;
  /** What sending to this contact costs, or null when this run cannot send to them (a country not allowed, no MMS there). */
  costOf(contact: ContactRecord, ref: { tuid: string; campaignId: string }): MessageCost | null;
  /** The contact's message, or null as for costOf. */
  compose(contact: ContactRecord, ref: { tuid: string; campaignId: string }, now: Date): Outgoing | null;
  failureKind(error: unknown): 'throttled' | 'permanent' | 'transient';
  /** After a permanent refusal: the recipient's outcome, skipped or failed with the provider's code. */
  refusalOutcome(error: unknown): UnsentOutcome;
  /** After a permanent refusal: what the refusal says of the contact (a number that opted out with the provider is unsubscribed). */
  whenRefused(error: unknown, contact: ContactRecord, ref: { tuid: string; campaignId: string }, now: Date): Promise<void>;
};

async function compile(tuid: string, campaignId: string, channel: CampaignChannel, commandKey: string | null): Promise<CompiledRun> {
  if (channel === 'email') {
    const [command, fields, verifiedDomains, account] = await Promise.all([readEmailCommand(commandKey), listContactFields(tuid), verifiedDomainsOf(tuid), getAccount(tuid)]);
    const footer = account?.addFooter ? { language: account.language } : null;
    return { channel, message: await compileRunMessage({ command, fields, verifiedDomains, footer }) };
  }
  const [command, fields, settings] = await Promise.all([readTextCommand(commandKey), listContactFields(tuid), getSmsSettings(tuid)]);
  return { channel, message: await compileTextRunMessage({ tuid, campaignId, channel, command, fields, allowedCallingCodes: settings.allowedCallingCodes }) };
}

// A warm worker sends many batches of the same run: its message is compiled once.
const compiled = new Map<string, Promise<CompiledRun>>();
const KEEP_COMPILED = 8;

/** The run's message (the command version it started with), compiled once per worker. */
export function compiledRun(options: { tuid: string; campaignId: string; runId: string; channel: CampaignChannel; commandKey: string | null }): Promise<CompiledRun> {
  const key = `${options.tuid}/${options.runId}`;
  let run = compiled.get(key);
  if (!run) {
    run = compile(options.tuid, options.campaignId, options.channel, options.commandKey);
    // A failed compile is not kept: the next batch tries again.
    run.catch(() => compiled.delete(key));
    if (compiled.size >= KEEP_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, run);
  }
  return run;
}

/** The channel's configured messages per second across all workers; 0 for as fast as they go. */
export function sendRateOf(channel: CampaignChannel): number {
  return channel === 'email' ? config().CAMPAIGN_SEND_RATE : config().SMS_SEND_RATE;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'UNKNOWN');

const EMAIL_COST: MessageCost = { credits: 1, segments: 1, country: null };

/** The run's channel with its transports. */
export function runSender(run: CompiledRun, transports: Transports): RunSender {
  if (run.channel === 'email') {
    const message = run.message;
    return {
      channel: 'email',
      reaches: (contact) => isReachable(contact, 'email'),
      costOf: () => EMAIL_COST,
      compose: (contact, ref, now) => {
        const mail = campaignMailFor({ message, recipient: { ...ref, contact }, now });
        return { send: () => transports.mail.sendRaw(mail), cost: EMAIL_COST };
      },
      failureKind: mailFailureKind,
      refusalOutcome: (error) => refusalOutcome({ name: errorName(error), reason: null }),
      // SES reports refusals as bounce events, which suppress the address there.
      whenRefused: async () => undefined,
    };
  }
  const message = run.message;
  const composeText = (contact: ContactRecord, ref: { tuid: string; campaignId: string }) => textMessageFor({ message, recipient: { ...ref, contact } });
  return {
    channel: run.channel,
    reaches: (contact) => isReachable(contact, 'sms'),
    costOf: (contact, ref) => {
      const text = composeText(contact, ref);
      return text && { credits: text.credits, segments: text.segments, country: text.country };
    },
    compose: (contact, ref) => {
      const text = composeText(contact, ref);
      return text && { send: () => transports.sms.send(text.sms), cost: { credits: text.credits, segments: text.segments, country: text.country } };
    },
    failureKind: smsFailureKind,
    refusalOutcome: (error) => refusalOutcome({ name: errorName(error), reason: refusalReasonOf(error) }),
    whenRefused: async (error, contact, ref, now) => {
      if (isOptedOutError(error)) await suppressMobile({ tuid: ref.tuid, mobile: contact.mobile, contactId: contact.id, suppression: 'unsubscribe', now });
    },
  };
}
