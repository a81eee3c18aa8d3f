/**
 * Sender addresses of email campaigns (settings → emails): added, confirmed by a 6-digit code
 * mailed to the address (the login email's rules: 60-second resend cooldown, 5 guesses, 30
 * minutes), one named the default sender, removed. An address at a verified sender domain needs
 * no code. Free and public mailbox domains are refused (EA-V-011).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { platformSender } from '../../channels/mail.js';
import { RATE_LIMITS, VERIFICATION_CODE_TTL_MS, VERIFICATION_MAX_ATTEMPTS, VERIFICATION_RESEND_COOLDOWN_MS } from '../../../shared/constants.js';
import { canSendFrom, domainOfAddress, isFreeMailDomain, type SendableIdentities } from '../../../shared/domain/sender-identities.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignSenders, TSenderAddress, TSenderAddressList } from '../../../shared/schemas/sender-identities.js';
import { getAccount } from '../../data/accounts.js';
import {
  claimSenderAddressGuess,
  deleteSenderAddress,
  getDefaultSender,
  getSenderAddress,
  insertSenderAddress,
  listSenderAddresses,
  listSenderDomains,
  markSenderAddressVerified,
  SenderCodeCooldown,
  SenderIdentityTaken,
  setDefaultSender,
  storeSenderAddressCode,
  type SenderAddressRecord,
} from '../../data/sender-identities.js';
import { ttlSeconds } from '../../data/table-client.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { enforceRateLimit } from '../session/rate-limit.js';
import { senderAddressCodeMail } from './sender-address-mail.js';

const notFound = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The sender address does not exist.');

function hashCode(tuid: string, email: string, code: string): string {
  return createHash('sha256').update(`${tuid}:sender:${email}:${code}`).digest('hex');
}

/** Refuses a sender at a free or public mailbox domain before anything is written. */
export function refuseFreeMailDomain(domain: string): void {
  if (isFreeMailDomain(domain)) throw new AppError(ERROR_CODES.FREE_MAIL_DOMAIN, 'Free or public email domains cannot be used; use an address at your own domain.');
}

export async function verifiedDomainsOf(tuid: string): Promise<string[]> {
  return (await listSenderDomains(tuid)).filter((domain) => domain.status === 'verified').map((domain) => domain.domain);
}

function toSenderAddress(record: SenderAddressRecord, options: { defaultSender: string | null; verifiedDomains: readonly string[] }): TSenderAddress {
  const verifiedByDomain = options.verifiedDomains.includes(domainOfAddress(record.email));
  return {
    email: record.email,
    status: verifiedByDomain ? 'verified' : record.status,
    isDefault: options.defaultSender === record.email,
    verifiedByDomain,
    createTime: record.createTime,
    lastSendTime: record.status === 'verified' || verifiedByDomain ? null : record.lastSendTime,
  };
}

/** The account's sender addresses, by address; an address at a verified domain shows verified. */
export async function listAccountSenderAddresses({ tuid }: { tuid: string }): Promise<TSenderAddressList> {
  const [records, defaultSender, verifiedDomains] = await Promise.all([listSenderAddresses(tuid), getDefaultSender(tuid), verifiedDomainsOf(tuid)]);
  return { data: records.map((record) => toSenderAddress(record, { defaultSender, verifiedDomains })) };
}

async function answerFor(tuid: string, record: SenderAddressRecord): Promise<TSenderAddress> {
  const [defaultSender, verifiedDomains] = await Promise.all([getDefaultSender(tuid), verifiedDomainsOf(tuid)]);
  return toSenderAddress(record, { defaultSender, verifiedDomains });
}

/** Counts a code mailed by the account against its hourly limit (OTH-RATE-01). */
function countCodeMail(tuid: string, now: Date): Promise<void> {
  return enforceRateLimit({ scope: 'sender-address-code', subject: tuid, limit: RATE_LIMITS.codePerAccount, now });
}

/** Mails a new code to a pending address, unless one went within the cooldown (OTH-UTL-C-030). */
async function mailCode(options: { tuid: string; loginTuid: string; record: SenderAddressRecord; now: Date }): Promise<SenderAddressRecord> {
  const { tuid, loginTuid, now } = options;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const record: SenderAddressRecord = {
    ...options.record,
    codeHash: hashCode(tuid, options.record.email, code),
    lastSendTime: now.toISOString(),
    lastSendAt: now.getTime(),
    attempts: 0,
    codeExpiresAt: ttlSeconds(new Date(now.getTime() + VERIFICATION_CODE_TTL_MS)),
  };
  try {
    await storeSenderAddressCode(record, VERIFICATION_RESEND_COOLDOWN_MS);
  } catch (error) {
    if (error instanceof SenderCodeCooldown) {
      const retryAfter = Math.ceil((error.lastSendAt + VERIFICATION_RESEND_COOLDOWN_MS - now.getTime()) / 1000);
      throw new AppError(ERROR_CODES.RESEND_TOO_SOON, 'A code was sent less than a minute ago.', { retryAfter: Math.max(retryAfter, 1) });
    }
    if (error instanceof SenderIdentityTaken) throw new AppError(ERROR_CODES.ALREADY_VERIFIED, 'The sender address is already verified.');
    throw error;
  }
  const [account, user] = await Promise.all([getAccount(tuid), getAccount(loginTuid)]);
  await enqueueMail(senderAddressCodeMail({ to: record.email, accountName: account?.fullname ?? '', code, language: user?.language ?? account?.language ?? 'en' }));
  return record;
}

/**
 * Adds a sender address (already validated by ZSenderAddressRequest) and mails it a code; an
 * address at one of the account's verified domains is verified at once. EA-V-011 for a free mail
 * domain, ERROR_RECORD_NAME_EXISTS for an address the account has.
 */
export async function addSenderAddress(options: { tuid: string; loginTuid: string; email: string; now: Date }): Promise<TSenderAddress> {
  const { tuid, loginTuid, email, now } = options;
  refuseFreeMailDomain(domainOfAddress(email));
  const byDomain = (await verifiedDomainsOf(tuid)).includes(domainOfAddress(email));
  if (!byDomain) await countCodeMail(tuid, now);
  const record: SenderAddressRecord = {
    tuid,
    email,
    status: byDomain ? 'verified' : 'pending',
    createTime: now.toISOString(),
    codeHash: null,
    lastSendTime: null,
    lastSendAt: 0,
    attempts: 0,
    codeExpiresAt: 0,
    verifyTime: byDomain ? now.toISOString() : null,
  };
  try {
    await insertSenderAddress(record);
  } catch (error) {
    if (error instanceof SenderIdentityTaken) throw new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'The account already has this sender address.');
    throw error;
  }
  return answerFor(tuid, byDomain ? record : await mailCode({ tuid, loginTuid, record, now }));
}

/** Mails a pending address a new code. */
export async function resendSenderAddressCode(options: { tuid: string; loginTuid: string; email: string; now: Date }): Promise<TSenderAddress> {
  const record = await getSenderAddress(options.tuid, options.email);
  if (!record) throw notFound();
  if (record.status === 'verified') throw new AppError(ERROR_CODES.ALREADY_VERIFIED, 'The sender address is already verified.');
  await countCodeMail(options.tuid, options.now);
  return answerFor(options.tuid, await mailCode({ ...options, record }));
}

/**
 * Confirms an address by its code. The guess is counted first (a conditional write), so at most
 * VERIFICATION_MAX_ATTEMPTS are ever compared.
 */
export async function verifySenderAddress(options: { tuid: string; email: string; code: string; now: Date }): Promise<TSenderAddress> {
  const { tuid, email, code, now } = options;
  const existing = await getSenderAddress(tuid, email);
  if (!existing) throw notFound();
  if (existing.status === 'verified') return answerFor(tuid, existing);
  const invalid = new AppError(ERROR_CODES.INVALID_VERIFICATION_CODE, 'Invalid verification code');
  const counted = await claimSenderAddressGuess(tuid, email, VERIFICATION_MAX_ATTEMPTS, ttlSeconds(now));
  if (!counted?.codeHash) throw invalid;
  if (!timingSafeEqual(Buffer.from(counted.codeHash, 'hex'), Buffer.from(hashCode(tuid, email, code), 'hex'))) throw invalid;
  const verified = await markSenderAddressVerified(tuid, email, now.toISOString());
  if (!verified) throw notFound();
  return answerFor(tuid, verified);
}

/** Names a verified address the default sender (the wizard's first choice); answers the list. */
export async function makeDefaultSenderAddress(options: { tuid: string; email: string; now: Date }): Promise<TSenderAddressList> {
  const { tuid, email, now } = options;
  const record = await getSenderAddress(tuid, email);
  if (!record) throw notFound();
  const usable = record.status === 'verified' || (await verifiedDomainsOf(tuid)).includes(domainOfAddress(email));
  // An address confirmed by its domain is stored verified before it can be the default.
  if (usable && record.status !== 'verified') await markSenderAddressVerified(tuid, email, now.toISOString());
  if (!usable || !(await setDefaultSender(tuid, email))) {
    throw new AppError(ERROR_CODES.SENDER_UNVERIFIED, 'Only a verified sender address can be the default sender.');
  }
  return listAccountSenderAddresses({ tuid });
}

/** Removes a sender address (and the default with it when it was). */
export async function removeSenderAddress(options: { tuid: string; email: string }): Promise<void> {
  if (!(await deleteSenderAddress(options.tuid, options.email))) throw notFound();
}

/** What the account may send from at this moment: its login email, confirmed addresses and verified domains. */
export async function sendableIdentitiesOf({ tuid }: { tuid: string }): Promise<SendableIdentities> {
  const [account, addresses, verifiedDomains] = await Promise.all([getAccount(tuid), listSenderAddresses(tuid), verifiedDomainsOf(tuid)]);
  return {
    login: account?.login ?? '',
    verifiedAddresses: addresses.filter((address) => address.status === 'verified').map((address) => address.email),
    verifiedDomains,
  };
}

/** Whether the account may send a campaign from `address` now. */
export async function isSendableSender(options: { tuid: string; address: string }): Promise<boolean> {
  return canSendFrom(options.address, await sendableIdentitiesOf({ tuid: options.tuid }));
}

/** The senders the campaign wizard offers: the default first, then the login email and the other verified addresses. */
export async function listCampaignSenders({ tuid }: { tuid: string }): Promise<TCampaignSenders> {
  const [identities, defaultSender, addresses] = await Promise.all([sendableIdentitiesOf({ tuid }), getDefaultSender(tuid), listSenderAddresses(tuid)]);
  const candidates = [identities.login, ...addresses.map((address) => address.email)];
  const usable = [...new Set(candidates)].filter((email) => email !== '' && canSendFrom(email, identities));
  const ordered = defaultSender && usable.includes(defaultSender) ? [defaultSender, ...usable.filter((email) => email !== defaultSender)] : usable;
  return { data: ordered.map((email) => ({ email, isDefault: email === defaultSender })), verifiedDomains: [...identities.verifiedDomains], platformSender: platformSender() };
}
