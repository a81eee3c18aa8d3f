/**
 * Sender domains of email campaigns (settings → emails): an SES identity with Easy DKIM and a
 * custom MAIL FROM subdomain per domain, the DNS records its owner publishes, a check that asks SES
 * how they stand (verified, pending, failed with the reason), removal. A verified domain lets any
 * address at it send without a code.
 */
import { dnsRecordsFor } from '../../../shared/domain/sender-identities.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TSenderDomain, TSenderDomainList } from '../../../shared/schemas/sender-identities.js';
import {
  deleteSenderDomain,
  getSenderDomain,
  insertSenderDomain,
  listSenderDomains,
  SenderDomainHeldElsewhere,
  SenderIdentityTaken,
  updateSenderDomainStatus,
  type SenderDomainRecord,
} from '../../data/sender-identities.js';
import { createDomainIdentity, deleteDomainIdentity, getDomainIdentityState, sesRegion } from '../../lib/aws/ses-identities.js';
import { refuseFreeMailDomain } from './sender-addresses.js';

const notFound = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The sender domain does not exist.');

function toSenderDomain(record: SenderDomainRecord): TSenderDomain {
  return {
    domain: record.domain,
    status: record.status,
    reason: record.reason,
    records: dnsRecordsFor({ domain: record.domain, dkimTokens: record.dkimTokens, region: record.region }),
    // Easy DKIM signs with the domain itself (d=<domain>): From addresses at it are DMARC-aligned.
    dkimDomain: record.domain,
    createTime: record.createTime,
    lastCheckTime: record.lastCheckTime,
  };
}

/** The account's sender domains, by domain. */
export async function listAccountSenderDomains({ tuid }: { tuid: string }): Promise<TSenderDomainList> {
  return { data: (await listSenderDomains(tuid)).map(toSenderDomain) };
}

/**
 * Adds a domain (already normalised by ZSenderDomainName): claims it for the account, then
 * creates its SES identity. EA-V-011 for a free mail domain, ERROR_RECORD_NAME_EXISTS when the
 * account has it, EA-V-012 when another account does.
 */
export async function addSenderDomain(options: { tuid: string; domain: string; now: Date }): Promise<TSenderDomain> {
  const { tuid, domain, now } = options;
  refuseFreeMailDomain(domain);
  if (await getSenderDomain(tuid, domain)) throw new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'The account already has this sender domain.');
  // SES answers first: a domain it refuses leaves nothing behind.
  const state = await createDomainIdentity(domain).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'BadRequestException') throw new AppError(ERROR_CODES.SENDER_DOMAIN_PROBLEM, 'An issue was found on the domain; use another.');
    throw error;
  });
  const record: SenderDomainRecord = { tuid, domain, status: 'pending', reason: null, dkimTokens: state.dkimTokens, region: await sesRegion(), createTime: now.toISOString(), lastCheckTime: null };
  try {
    await insertSenderDomain(record);
  } catch (error) {
    if (error instanceof SenderIdentityTaken) throw new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'The account already has this sender domain.');
    if (error instanceof SenderDomainHeldElsewhere) throw new AppError(ERROR_CODES.SENDER_DOMAIN_PROBLEM, 'An issue was found on the domain; use another.');
    throw error;
  }
  return toSenderDomain(record);
}

/** Asks SES how the domain's records stand and stores the answer. */
export async function checkSenderDomain(options: { tuid: string; domain: string; now: Date }): Promise<TSenderDomain> {
  const { tuid, domain, now } = options;
  if (!(await getSenderDomain(tuid, domain))) throw notFound();
  const state = await getDomainIdentityState(domain);
  const updated = await updateSenderDomainStatus(tuid, domain, { status: state.status, reason: state.reason, lastCheckTime: now.toISOString() });
  if (!updated) throw notFound();
  return toSenderDomain(updated);
}

/** Removes the domain and its SES identity: addresses at it need their own code again. */
export async function removeSenderDomain(options: { tuid: string; domain: string }): Promise<void> {
  const { tuid, domain } = options;
  if (!(await deleteSenderDomain(tuid, domain))) throw notFound();
  await deleteDomainIdentity(domain);
}
