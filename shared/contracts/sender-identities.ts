/**
 * Sender identities of email campaigns (spec §2.1 /settings/emails, §7 identity verification):
 * addresses confirmed by a code mailed to them, domains verified by DNS through SES, the default
 * sender, and the senders the campaign wizard offers.
 */
import { ZOk } from '../schemas/common.js';
import {
  ZCampaignSenders,
  ZSenderAddressAnswer,
  ZSenderAddressList,
  ZSenderAddressParams,
  ZSenderAddressRequest,
  ZSenderAddressVerifyRequest,
  ZSenderDomainAnswer,
  ZSenderDomainList,
  ZSenderDomainParams,
  ZSenderDomainRequest,
} from '../schemas/sender-identities.js';
import { defineGroup, route, section } from './route.js';

export const senderIdentities = defineGroup('sender-identities', {
  listSenderAddresses: route({ method: 'GET', path: 'settings/emails/addresses', access: section('email', 'read'), answer: ZSenderAddressList }),
  // Adds the address and mails it a code (an address at a verified domain is verified at once).
  addSenderAddress: route({ method: 'POST', path: 'settings/emails/addresses', access: section('email', 'write'), body: ZSenderAddressRequest, answer: ZSenderAddressAnswer, status: 201 }),
  resendSenderAddressCode: route({ method: 'POST', path: 'settings/emails/addresses/{email}/resend', access: section('email', 'write'), params: ZSenderAddressParams, answer: ZSenderAddressAnswer }),
  verifySenderAddress: route({ method: 'POST', path: 'settings/emails/addresses/{email}/verify', access: section('email', 'write'), params: ZSenderAddressParams, body: ZSenderAddressVerifyRequest, answer: ZSenderAddressAnswer }),
  setDefaultSenderAddress: route({ method: 'POST', path: 'settings/emails/addresses/{email}/default', access: section('email', 'write'), params: ZSenderAddressParams, answer: ZSenderAddressList }),
  deleteSenderAddress: route({ method: 'DELETE', path: 'settings/emails/addresses/{email}', access: section('email', 'delete'), params: ZSenderAddressParams, answer: ZOk }),
  listSenderDomains: route({ method: 'GET', path: 'settings/emails/domains', access: section('email', 'read'), answer: ZSenderDomainList }),
  addSenderDomain: route({ method: 'POST', path: 'settings/emails/domains', access: section('email', 'write'), body: ZSenderDomainRequest, answer: ZSenderDomainAnswer, status: 201 }),
  // Asks SES how its records stand and stores the answer.
  checkSenderDomain: route({ method: 'POST', path: 'settings/emails/domains/{domain}/check', access: section('email', 'write'), params: ZSenderDomainParams, answer: ZSenderDomainAnswer }),
  deleteSenderDomain: route({ method: 'DELETE', path: 'settings/emails/domains/{domain}', access: section('email', 'delete'), params: ZSenderDomainParams, answer: ZOk }),
  listCampaignSenders: route({ method: 'GET', path: 'settings/emails/senders', access: section('email', 'read'), answer: ZCampaignSenders }),
});
