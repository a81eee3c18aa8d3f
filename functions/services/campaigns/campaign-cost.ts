/**
 * What an SMS or MMS campaign would cost if it were sent now (the enter-message step's preview):
 * its recipients per destination country, the credits and message parts each country takes, how
 * many numbers cannot be sent to, and the account's SMS credits. The same recipients and prices
 * the planner reserves for (campaign-send/audience.ts), computed on the saved command.
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignCostResponse } from '../../../shared/schemas/campaigns.js';
import { getAccount } from '../../data/accounts.js';
import { readTextCommand } from '../../data/campaigns.js';
import { getSmsSettings } from '../../data/sms-settings.js';
import { campaignMailTransport } from '../../channels/mail.js';
import { campaignSmsTransport } from '../../channels/sms.js';
import { listContactFields } from '../contacts/contact-fields.js';
import { estimateAudienceCost } from './campaign-send/audience.js';
import { runSender } from './campaign-send/run-sender.js';
import { compileTextRunMessage, UnsendableContent } from './campaign-send/text-message.js';
import { requireCampaign } from './campaigns.js';

/** GET sms/campaigns/{id}/cost. */
export async function estimateCampaignCost(options: { tuid: string; campaignId: string; now: Date }): Promise<TCampaignCostResponse> {
  const { tuid, campaignId, now } = options;
  const record = await requireCampaign({ tuid, campaignId, family: 'sms' });
  // The sms family holds SMS and MMS campaigns only.
  const channel = record.channel === 'mms' ? 'mms' : 'sms';
  const [command, fields, settings, account] = await Promise.all([readTextCommand(record.commandKey), listContactFields(tuid), getSmsSettings(tuid), getAccount(tuid)]);
  let message;
  try {
    message = await compileTextRunMessage({ tuid, campaignId, channel, command, fields, allowedCallingCodes: settings.allowedCallingCodes });
  } catch (error) {
    if (!(error instanceof UnsendableContent)) throw error;
    throw new AppError(ERROR_CODES.INVALID_INPUT, error.message);
  }
  const sender = runSender({ channel, message }, { mail: campaignMailTransport(), sms: campaignSmsTransport() });
  const estimate = await estimateAudienceCost({ tuid, campaignId, command, sender, now });
  return { ...estimate, balance: account?.credits.sms ?? 0 };
}
