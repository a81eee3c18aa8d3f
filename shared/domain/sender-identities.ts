/**
 * Sender identities of email campaigns (settings → emails): addresses verified by a code mailed to
 * them, and domains verified by the DNS records SES asks for. Pure rules shared by the settings
 * page, the services, the campaign wizard and the sender of campaign mail.
 */
import { normalizeEmail } from './email.js';

/**
 * Mailbox providers whose addresses anyone can open: their DMARC policies (p=reject at Yahoo and
 * AOL, quarantine at Gmail and Outlook) make mail "from" them sent by anyone else land in spam or
 * bounce, so they are never a sender (EA-V-011).
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.com.hk', 'yahoo.com.tw', 'yahoo.co.uk', 'yahoo.co.jp', 'ymail.com', 'rocketmail.com',
  'hotmail.com', 'hotmail.co.uk', 'outlook.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com',
  'protonmail.com', 'proton.me', 'pm.me', 'gmx.com', 'gmx.net', 'gmx.de', 'web.de', 'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru',
  'mail.ru', 'qq.com', 'foxmail.com', '163.com', '126.com', 'yeah.net', 'sina.com', 'sina.cn', 'sohu.com', 'aliyun.com',
  'netvigator.com', 'hkbn.net', 'pchome.com.tw', 'hinet.net', 'tutanota.com', 'fastmail.com', 'hey.com',
]);

/** The domain of an address, lower-cased; '' when it has none. */
export function domainOfAddress(address: string): string {
  const normalized = normalizeEmail(address);
  const at = normalized.lastIndexOf('@');
  return at < 0 ? '' : normalized.slice(at + 1);
}

/** A free or public mailbox domain, or a subdomain of one. */
export function isFreeMailDomain(domain: string): boolean {
  const labels = domain.trim().toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (FREE_MAIL_DOMAINS.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain name an identity can be created for: at least two labels, a letter in the last, 253 characters at most. */
export function isValidSenderDomain(domain: string): boolean {
  const labels = domain.split('.');
  return domain.length <= 253 && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && /[a-z]/.test(labels[labels.length - 1]!);
}

/** A domain as typed: trimmed, lower-cased, without a trailing dot or a pasted scheme, path or `@`. */
export function normalizeSenderDomain(input: string): string {
  return input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^.*@/, '').replace(/\/.*$/, '').replace(/\.$/, '');
}

export const SENDER_ADDRESS_STATUSES = ['pending', 'verified'] as const;
export type SenderAddressStatus = (typeof SENDER_ADDRESS_STATUSES)[number];

/** SES's verification status of a domain identity, as the page shows it. */
export const SENDER_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type SenderDomainStatus = (typeof SENDER_DOMAIN_STATUSES)[number];

/** What a campaign may send from: the login email, addresses confirmed by code, and any address at a verified domain. */
export type SendableIdentities = {
  login: string;
  verifiedAddresses: readonly string[];
  verifiedDomains: readonly string[];
};

/**
 * Whether `address` is a verified identity of the account. The login email counts (the account's
 * verification confirmed it the same way, by a code mailed to it), unless it is at a free mail domain.
 */
export function canSendFrom(address: string, identities: SendableIdentities): boolean {
  const normalized = normalizeEmail(address);
  if (normalized === '' || !normalized.includes('@') || isFreeMailDomain(domainOfAddress(normalized))) return false;
  if (normalized === normalizeEmail(identities.login)) return true;
  if (identities.verifiedAddresses.some((verified) => normalizeEmail(verified) === normalized)) return true;
  return identities.verifiedDomains.includes(domainOfAddress(normalized));
}

/** The subdomain bounces return to (SES custom MAIL FROM): SPF then aligns with the From domain. */
export const MAIL_FROM_SUBDOMAIN = 'mail';

export type DnsRecordPurpose = 'dkim' | 'mailFromMx' | 'mailFromSpf' | 'dmarc';
export type DnsRecord = { purpose: DnsRecordPurpose; type: 'CNAME' | 'MX' | 'TXT'; name: string; value: string };

/**
 * The records a domain's owner publishes: SES Easy DKIM's three CNAMEs (the tokens SES gave), the
 * custom MAIL FROM subdomain's MX and SPF TXT, and a DMARC TXT to start monitoring with.
 */
export function dnsRecordsFor(options: { domain: string; dkimTokens: readonly string[]; region: string }): DnsRecord[] {
  const { domain, dkimTokens, region } = options;
  const mailFrom = `${MAIL_FROM_SUBDOMAIN}.${domain}`;
  return [
    ...dkimTokens.map((token): DnsRecord => ({ purpose: 'dkim', type: 'CNAME', name: `${token}._domainkey.${domain}`, value: `${token}.dkim.amazonses.com` })),
    { purpose: 'mailFromMx', type: 'MX', name: mailFrom, value: `10 feedback-smtp.${region}.amazonses.com` },
    { purpose: 'mailFromSpf', type: 'TXT', name: mailFrom, value: '"v=spf1 include:amazonses.com ~all"' },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${domain}`, value: `"v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}"` },
  ];
}

/**
 * DMARC's relaxed alignment (RFC 7489 §3.1.1): the From domain and the DKIM signing domain share
 * an organizational domain. Approximated by the last two labels (three under a two-letter
 * country's second level, `shop.com.hk`), which holds for the domains SES signs for us.
 */
export function isDmarcAligned(fromDomain: string, dkimDomain: string): boolean {
  return organizationalDomain(fromDomain) === organizationalDomain(dkimDomain);
}

function organizationalDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const countrySecondLevel = labels.length >= 3 && labels[labels.length - 1]!.length === 2 && /^(com|net|org|edu|gov|co|ac)$/.test(labels[labels.length - 2]!);
  return labels.slice(countrySecondLevel ? -3 : -2).join('.');
}

/**
 * Gmail's Feedback-ID (`a:b:c:SenderId`): campaign, account, channel and the sender identifier,
 * colons removed from each part so the four fields stay four.
 */
export function feedbackIdOf(parts: { campaignId: string; tuid: string; channel: string; sender: string }): string {
  return [parts.campaignId, parts.tuid, parts.channel, parts.sender].map((part) => part.replace(/[:\s]/g, '')).join(':');
}

export type MailboxName = { name: string; address: string };

/** What a campaign's mail says it is from and where replies go; `onBehalf` when the platform sends for the sender. */
export type CampaignFrom = { from: MailboxName; replyTo: string | undefined; onBehalf: boolean };

// RFC 5321 allows 64 characters before the '@'.
const LOCAL_PART_MAX = 64;

/**
 * The From a campaign goes out with (decisions.md, "Senders at domains not verified in SES"). SES
 * sends only from its verified identities, and DMARC passes only when the From domain aligns with
 * the domain that signed (DKIM) or bounced (SPF): a sender at a domain verified in SES, which SES
 * signs for, sends as itself. An address confirmed only by a code is at a domain we cannot sign
 * for, so, as Mailchimp and Brevo do, it is sent from the platform's own sending domain as
 * `"<sender> via <platform>" <local=domain@sending domain>`, with replies going to the sender
 * (unless the campaign set its own Reply-To).
 */
export function campaignFromOf(options: { sender: MailboxName; replyTo?: string; verifiedDomains: readonly string[]; platform: MailboxName }): CampaignFrom {
  const { sender, platform } = options;
  const replyTo = options.replyTo?.trim() || undefined;
  const senderDomain = domainOfAddress(sender.address);
  if (senderDomain === domainOfAddress(platform.address) || options.verifiedDomains.includes(senderDomain)) {
    return { from: sender, replyTo, onBehalf: false };
  }
  const address = normalizeEmail(sender.address);
  const localPart = address.replace('@', '=').replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, '_').slice(0, LOCAL_PART_MAX).replace(/\.+$/, '');
  return {
    from: { name: `${sender.name.trim() || address} via ${platform.name}`, address: `${localPart}@${domainOfAddress(platform.address)}` },
    replyTo: replyTo ?? address,
    onBehalf: true,
  };
}
