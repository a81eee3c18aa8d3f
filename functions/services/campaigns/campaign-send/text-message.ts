/**
 * An SMS or MMS run's message, compiled once and rendered per recipient (shared/domain/
 * personalization.ts with no escaping): the text with its links shortened and tracked
 * (functions/lib/short-links.ts), its segments and what it costs for the recipient's country
 * (shared/domain/sms-pricing.ts). An MMS's media are the file manager's files
 * the command names, resolved to their stored addresses when the run starts; a file deleted since
 * it was chosen makes the content unusable (the run returns to draft with contentProblem).
 */
import type { CampaignChannel } from '../../../../shared/domain/campaign-channels.js';
import type { ContactRecord } from '../../../../shared/domain/contacts.js';
import { mmsMediaProblems } from '../../../../shared/domain/mms-media.js';
import { compileTemplate, type CompiledTemplate } from '../../../../shared/domain/personalization.js';
import { countryOfMobile } from '../../../../shared/domain/phone.js';
import { messageCredits } from '../../../../shared/domain/sms-pricing.js';
import { countSmsSegments } from '../../../../shared/domain/sms-segments.js';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import type { TSmsCampaignCommand } from '../../../../shared/schemas/campaigns.js';
import type { CampaignSms } from '../../../channels/sms.js';
import { getEntry } from '../../../data/file-manager.js';
import { contentUrl } from '../../../lib/aws/content-storage.js';
import { campaignShortCode, SHORT_LINKS_PER_MESSAGE, shortLinkSigner, shortLinkUrl } from '../../../lib/short-links.js';
import { listUsableSenderIds } from '../../sms-settings/sender-ids.js';

export type TextChannel = Exclude<CampaignChannel, 'email'>;

/** The saved content cannot be sent any more (a media file deleted, a sender ID no longer verified): the run returns to draft. */
export class UnsendableContent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableContent';
  }
}

export type TextRunMessage = {
  channel: TextChannel;
  text: CompiledTemplate;
  subject: string | null;
  media: CampaignSms['media'];
  /** The verified sender ID's text, or null for the pool's default. */
  originationIdentity: string | null;
  /** Calling codes (digits, no +) the account may send to; empty allows every country. */
  allowedCallingCodes: ReadonlySet<string>;
  /** The links the short links lead to, by number; the campaign's short-link code and the signer of each recipient's part. */
  trackedLinks: string[];
  shortCode: string;
  sign: (code: string, contactId: number) => string;
};

/** One recipient's message and what it costs; null when it cannot go to this number at all. */
export type TextMessageFor = { sms: CampaignSms; country: string; segments: number; credits: number };

/** Compiles a command's text and resolves its media and sender. */
export async function compileTextRunMessage(options: {
  tuid: string;
  campaignId: string;
  channel: TextChannel;
  command: TSmsCampaignCommand;
  fields: readonly TFieldSchema[];
  allowedCallingCodes: readonly string[];
}): Promise<TextRunMessage> {
  const { tuid, channel, command } = options;
  const components = channel === 'mms' ? (command.content?.components ?? []) : [];
  if (mmsMediaProblems(components).length > 0) throw new UnsendableContent('an MMS medium is too large or of a type MMS does not take');
  const media = await Promise.all(
    components.map(async (component) => {
      const entry = await getEntry(tuid, component.contentId);
      if (entry?.kind !== 'file') throw new UnsendableContent(`the media file '${component.filename}' is no longer in the file manager`);
      return { url: contentUrl(entry.objectKey) };
    }),
  );
  const senderId = command.senderId ? ((await listUsableSenderIds({ tuid })).find((usable) => usable.id === command.senderId)?.senderId ?? null) : null;
  if (command.senderId && senderId === null) throw new UnsendableContent('the sender ID is no longer verified');
  const text = compileTemplate(command.message ?? '', {
    fields: options.fields,
    escape: 'none',
    trackLink: (url, index) => (index < SHORT_LINKS_PER_MESSAGE ? shortLinkUrl(index) : url),
  });
  return {
    channel,
    text,
    trackedLinks: text.trackedLinks.slice(0, SHORT_LINKS_PER_MESSAGE).map((link) => link.url),
    shortCode: await campaignShortCode(tuid, options.campaignId),
    sign: await shortLinkSigner(),
    subject: channel === 'mms' ? command.subject?.trim() || null : null,
    media,
    originationIdentity: senderId,
    allowedCallingCodes: new Set(options.allowedCallingCodes.map((code) => code.replace(/^\+/, ''))),
  };
}

/** Whether an E.164 number's calling code (1 to 4 digits after the +) is on the allowed list; an empty list allows every country. */
function isAllowed(mobile: string, allowed: ReadonlySet<string>): boolean {
  if (allowed.size === 0) return true;
  const digits = mobile.replace(/^\+/, '');
  for (let length = 1; length <= 4; length += 1) if (allowed.has(digits.slice(0, length))) return true;
  return false;
}

/** The recipient's message, or null when the number cannot be sent to: no mobile, a country not allowed, or no MMS there. */
export function textMessageFor({ message, recipient }: { message: TextRunMessage; recipient: { tuid: string; campaignId: string; contact: ContactRecord } }): TextMessageFor | null {
  const { contact } = recipient;
  if (!contact.mobile || !isAllowed(contact.mobile, message.allowedCallingCodes)) return null;
  const country = countryOfMobile(contact.mobile) ?? 'ZZ';
  const rendered = message.text.render({ contact, trackingToken: message.sign(message.shortCode, contact.id) });
  // End User Messaging has no MMS subject: it leads the body, the line phones show above the message (docs/decisions.md "SMS channel").
  const text = message.subject ? `${message.subject}\n${rendered}` : rendered;
  const segments = message.channel === 'mms' ? 1 : Math.max(1, countSmsSegments(text).segments);
  const credits = messageCredits(message.channel, country, segments);
  if (credits === null) return null;
  return {
    sms: {
      to: contact.mobile,
      originationIdentity: message.originationIdentity,
      text,
      media: message.media,
      tags: { tuid: recipient.tuid, campaignId: recipient.campaignId, contactId: String(contact.id) },
    },
    country,
    segments,
    credits,
  };
}
