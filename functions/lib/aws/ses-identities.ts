/**
 * Sender domains as SES identities (SES v2): created with Easy DKIM and a custom MAIL FROM
 * subdomain, asked how their DNS records stand, deleted. The same calls reach AWS, or locally the
 * SES stand-in (infra/local/ses-stand-in.ts) through AWS_ENDPOINT_URL_SESV2.
 */
import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  PutEmailIdentityMailFromAttributesCommand,
  type GetEmailIdentityCommandOutput,
} from '@aws-sdk/client-sesv2';
import { MAIL_FROM_SUBDOMAIN, type SenderDomainStatus } from '../../../shared/domain/sender-identities.js';
import { sesClient } from './ses.js';

export type DomainIdentityState = {
  status: SenderDomainStatus;
  /** Why SES failed or holds the domain, as a key of the page's texts; null when all is found. */
  reason: 'dkimNotFound' | 'dkimTemporaryFailure' | 'mailFromNotFound' | null;
  dkimTokens: string[];
};

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** The region SES answers in: it names the MAIL FROM MX host. */
export async function sesRegion(): Promise<string> {
  return sesClient().config.region();
}

function stateOf(answer: GetEmailIdentityCommandOutput): DomainIdentityState {
  const dkim = answer.DkimAttributes?.Status;
  const mailFrom = answer.MailFromAttributes?.MailFromDomainStatus;
  const dkimTokens = answer.DkimAttributes?.Tokens ?? [];
  if (dkim === 'FAILED') return { status: 'failed', reason: 'dkimNotFound', dkimTokens };
  if (dkim === 'TEMPORARY_FAILURE') return { status: 'pending', reason: 'dkimTemporaryFailure', dkimTokens };
  if (!answer.VerifiedForSendingStatus || dkim !== 'SUCCESS') return { status: 'pending', reason: null, dkimTokens };
  // Mail still goes when the MAIL FROM records are missing (from amazonses.com, unaligned SPF): verified, with the reason shown.
  return { status: 'verified', reason: mailFrom === 'FAILED' ? 'mailFromNotFound' : null, dkimTokens };
}

/**
 * Creates the domain's identity with Easy DKIM and sets its MAIL FROM subdomain; answers the DKIM
 * tokens. Idempotent: an identity that already exists (a retried call) is read instead.
 */
export async function createDomainIdentity(domain: string): Promise<DomainIdentityState> {
  let state: DomainIdentityState;
  try {
    const created = await sesClient().send(new CreateEmailIdentityCommand({ EmailIdentity: domain }));
    state = { status: 'pending', reason: null, dkimTokens: created.DkimAttributes?.Tokens ?? [] };
  } catch (error) {
    if (errorName(error) !== 'AlreadyExistsException') throw error;
    state = await getDomainIdentityState(domain);
  }
  // Bounces return to mail.<domain>, so SPF aligns with the From domain too; SES's own MAIL FROM while its MX is missing.
  await sesClient().send(
    new PutEmailIdentityMailFromAttributesCommand({ EmailIdentity: domain, MailFromDomain: `${MAIL_FROM_SUBDOMAIN}.${domain}`, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' }),
  );
  return state;
}

/** How SES sees the domain's records now. */
export async function getDomainIdentityState(domain: string): Promise<DomainIdentityState> {
  return stateOf(await sesClient().send(new GetEmailIdentityCommand({ EmailIdentity: domain })));
}

/** Deletes the domain's identity; one already gone is fine. */
export async function deleteDomainIdentity(domain: string): Promise<void> {
  try {
    await sesClient().send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }));
  } catch (error) {
    if (errorName(error) !== 'NotFoundException') throw error;
  }
}
