/**
 * A run's message, compiled once and rendered per recipient: subject, HTML (with the preheader,
 * click tracking and the open pixel) and its text alternative are split into literal chunks and
 * value slots once (shared/domain/personalization.ts); each recipient then costs three string
 * joins, three HMACs for their links, and the MIME assembly.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../../../shared/constants.js';
import { withCampaignFooter } from '../../../../shared/domain/campaign-footer.js';
import type { ContactRecord } from '../../../../shared/domain/contacts.js';
import { compileTemplate, type CompiledTemplate } from '../../../../shared/domain/personalization.js';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import type { TEmailCampaignCommand } from '../../../../shared/schemas/campaigns.js';
import { platformSender, type CampaignMail } from '../../../channels/mail.js';
import { campaignFromOf, feedbackIdOf } from '../../../../shared/domain/sender-identities.js';
import { asciiAddress, buildMimeMessage, textFromHtml, withEmailHead, withPreheader, type MimeAddress } from '../../../channels/mime.js';
import { trackingSigner, trackingUrls } from '../../../lib/tracking-links.js';

export type RunMessage = {
  subject: CompiledTemplate;
  html: CompiledTemplate;
  text: CompiledTemplate;
  from: MimeAddress;
  replyTo: string | undefined;
  /** The domain of Message-IDs: the sender's, in ASCII (Punycode for an IDN). */
  domain: string;
  /** The addresses the click tracker may redirect to, by link index. */
  trackedLinks: string[];
  sign: Awaited<ReturnType<typeof trackingSigner>>;
};

/**
 * Compiles a command's message; pure apart from the signer's key. `verifiedDomains` are the
 * account's domains verified in SES: a sender elsewhere goes out on its behalf (campaignFromOf).
 * `footer` is the account's campaign footer setting, in the account's language (null: off).
 */
export async function compileRunMessage({
  command,
  fields,
  verifiedDomains,
  footer,
}: {
  command: TEmailCampaignCommand;
  fields: readonly TFieldSchema[];
  verifiedDomains: readonly string[];
  footer: { language: Language } | null;
}): Promise<RunMessage> {
  const platform = platformSender();
  const sender = { name: command.senderName ?? '', address: command.senderEmail?.trim() || platform.address };
  const content = command.content?.html ?? '';
  const withFooter = footer ? withCampaignFooter(content, { sender: sender.name ? `${sender.name} (${sender.address})` : sender.address, language: footer.language }) : content;
  const html = withEmailHead(withPreheader(withFooter, command.preheader));
  const compiledHtml = compileTemplate(html, { fields, escape: 'html', trackLink: (_url, index) => trackingUrls.click(index), openPixelUrl: trackingUrls.openPixel() });
  const { from, replyTo } = campaignFromOf({ sender, replyTo: command.replyTo, verifiedDomains, platform });
  return {
    subject: compileTemplate(command.subject ?? '', { fields, escape: 'none' }),
    html: compiledHtml,
    text: compileTemplate(textFromHtml(html), { fields, escape: 'none' }),
    from,
    replyTo,
    // Message-IDs at the domain the mail is really from: the one SES signs for.
    domain: asciiAddress(from.address).split('@')[1] || 'localhost',
    trackedLinks: compiledHtml.trackedLinks.map((link) => link.url),
    sign: await trackingSigner(),
  };
}

/** One recipient's mail: personalised parts, their signed links, and the raw MIME text. */
export function campaignMailFor({ message, recipient, now }: { message: RunMessage; recipient: { tuid: string; campaignId: string; contact: ContactRecord }; now: Date }): CampaignMail {
  const { tuid, campaignId, contact } = recipient;
  const tracked = { tuid, campaignId, contactId: contact.id };
  const unsubscribeUrl = trackingUrls.unsubscribe(message.sign('unsubscribe', tracked));
  const view = { contact, unsubscribeUrl, onlineVersionUrl: trackingUrls.onlineVersion(message.sign('view', tracked)), trackingToken: message.sign('track', tracked) };
  const to = contact.email ?? '';
  const raw = buildMimeMessage({
    from: message.from,
    to,
    replyTo: message.replyTo,
    subject: message.subject.render(view),
    html: message.html.render(view),
    text: message.text.render(view),
    messageId: `${randomUUID()}@${message.domain}`,
    date: now,
    unsubscribeUrl,
    feedbackId: feedbackIdOf({ campaignId, tuid, channel: 'email', sender: message.domain }),
  });
  return {
    to,
    raw,
    tags: { tuid, campaignId, contactId: String(contact.id) },
  };
}
