/** Sender identity calls (settings → emails): sender addresses, sender domains, and the wizard's senders. */
import { mutate } from 'swr';
import { senderIdentities } from '../../../shared/contracts/sender-identities.js';
import type { TSenderAddress, TSenderDomain } from '../../../shared/schemas/sender-identities.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TDnsRecord, TSenderAddress, TSenderDomain } from '../../../shared/schemas/sender-identities.js';

const ADDRESSES_KEY = routeKey(senderIdentities.routes.listSenderAddresses, {});
const DOMAINS_KEY = routeKey(senderIdentities.routes.listSenderDomains, {});
const SENDERS_KEY = routeKey(senderIdentities.routes.listCampaignSenders, {});

/** After any change: the lists and the wizard's senders read again. */
async function refreshIdentities(): Promise<void> {
  await Promise.all([mutate(ADDRESSES_KEY), mutate(DOMAINS_KEY), mutate(SENDERS_KEY)]);
}

export function useSenderAddresses() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(senderIdentities.routes.listSenderAddresses, {});
  return { addresses: data?.data, error, isLoading, refetch: () => revalidate() };
}

export function useSenderDomains() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(senderIdentities.routes.listSenderDomains, {});
  return { domains: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** The addresses a campaign may send from, the default first (the wizard's sender step). */
export function useCampaignSenders() {
  const { data, error, isLoading } = useRoute(senderIdentities.routes.listCampaignSenders, {});
  return { senders: data?.data, verifiedDomains: data?.verifiedDomains, platformSender: data?.platformSender, error, isLoading };
}

/** Adds an address; a code goes to it unless its domain is verified. */
export async function addSenderAddress(email: string): Promise<TSenderAddress> {
  const answer = await callRoute(senderIdentities.routes.addSenderAddress, { body: { email } });
  await refreshIdentities();
  return answer.address;
}

export async function resendSenderAddressCode(email: string): Promise<TSenderAddress> {
  const answer = await callRoute(senderIdentities.routes.resendSenderAddressCode, { params: { email } });
  await refreshIdentities();
  return answer.address;
}

export async function verifySenderAddress(email: string, code: string): Promise<TSenderAddress> {
  const answer = await callRoute(senderIdentities.routes.verifySenderAddress, { params: { email }, body: { code } });
  await refreshIdentities();
  return answer.address;
}

export async function setDefaultSenderAddress(email: string): Promise<void> {
  await callRoute(senderIdentities.routes.setDefaultSenderAddress, { params: { email } });
  await refreshIdentities();
}

export async function deleteSenderAddress(email: string): Promise<void> {
  await callRoute(senderIdentities.routes.deleteSenderAddress, { params: { email } });
  await refreshIdentities();
}

export async function addSenderDomain(domain: string): Promise<TSenderDomain> {
  const answer = await callRoute(senderIdentities.routes.addSenderDomain, { body: { domain } });
  await refreshIdentities();
  return answer.domain;
}

/** Asks SES how the domain's records stand. */
export async function checkSenderDomain(domain: string): Promise<TSenderDomain> {
  const answer = await callRoute(senderIdentities.routes.checkSenderDomain, { params: { domain } });
  await refreshIdentities();
  return answer.domain;
}

export async function deleteSenderDomain(domain: string): Promise<void> {
  await callRoute(senderIdentities.routes.deleteSenderDomain, { params: { domain } });
  await refreshIdentities();
}
