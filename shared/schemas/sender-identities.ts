/**
 * The sender identities API (settings → emails, docs/api-contract.md "Sender identities"): sender
 * addresses confirmed by code, sender domains verified by DNS, and the senders a campaign may use.
 */
import { z } from 'zod';
import { isValidSenderDomain, normalizeSenderDomain, SENDER_ADDRESS_STATUSES, SENDER_DOMAIN_STATUSES } from '../domain/sender-identities.js';
import { ZEmail, ZVerificationCode } from './common.js';

/** A sender address as the settings page shows it (spec §3 "Verification": lastSendTime, createTime). */
export const ZSenderAddress = z.object({
  email: z.string(),
  status: z.enum(SENDER_ADDRESS_STATUSES),
  isDefault: z.boolean(),
  /** Its domain is a verified sender domain: it sends without a code. */
  verifiedByDomain: z.boolean(),
  createTime: z.string(),
  /** When the last code went; null once verified. */
  lastSendTime: z.string().nullable(),
});
export type TSenderAddress = z.infer<typeof ZSenderAddress>;

export const ZSenderAddressList = z.object({ data: z.array(ZSenderAddress) });
export type TSenderAddressList = z.infer<typeof ZSenderAddressList>;

/** POST settings/emails/addresses. */
export const ZSenderAddressRequest = z.object({ email: ZEmail });
export type TSenderAddressRequest = z.infer<typeof ZSenderAddressRequest>;

export const ZSenderAddressParams = z.object({ email: ZEmail });

/** POST settings/emails/addresses/{email}/verify. */
export const ZSenderAddressVerifyRequest = z.object({ code: ZVerificationCode });

export const ZSenderAddressAnswer = z.object({ address: ZSenderAddress });

/** A sender domain, as typed: a scheme, path or `name@` pasted with it is dropped. */
export const ZSenderDomainName = z
  .string()
  .max(300)
  .transform(normalizeSenderDomain)
  .refine(isValidSenderDomain, { message: 'domain' });

export const ZDnsRecord = z.object({
  purpose: z.enum(['dkim', 'mailFromMx', 'mailFromSpf', 'dmarc']),
  type: z.enum(['CNAME', 'MX', 'TXT']),
  name: z.string(),
  value: z.string(),
});
export type TDnsRecord = z.infer<typeof ZDnsRecord>;

export const ZSenderDomain = z.object({
  domain: z.string(),
  status: z.enum(SENDER_DOMAIN_STATUSES),
  /** Why SES failed the domain (its DKIM or MAIL FROM status); null otherwise. */
  reason: z.string().nullable(),
  records: z.array(ZDnsRecord),
  /** The domain DKIM signatures carry (d=): From addresses at the domain align with it (DMARC). */
  dkimDomain: z.string(),
  createTime: z.string(),
  lastCheckTime: z.string().nullable(),
});
export type TSenderDomain = z.infer<typeof ZSenderDomain>;

export const ZSenderDomainList = z.object({ data: z.array(ZSenderDomain) });
export type TSenderDomainList = z.infer<typeof ZSenderDomainList>;

export const ZSenderDomainRequest = z.object({ domain: ZSenderDomainName });
export const ZSenderDomainParams = z.object({ domain: ZSenderDomainName });
export const ZSenderDomainAnswer = z.object({ domain: ZSenderDomain });

/** The addresses a campaign may send from (the wizard's sender step), the default first. */
export const ZCampaignSenders = z.object({
  data: z.array(z.object({ email: z.string(), isDefault: z.boolean() })),
  /** Domains where any address may send. */
  verifiedDomains: z.array(z.string()),
  /** The platform's own sender: a sender at a domain not verified in SES goes out on its behalf (campaignFromOf). */
  platformSender: z.object({ name: z.string(), address: z.string() }),
});
export type TCampaignSenders = z.infer<typeof ZCampaignSenders>;
