import { senderIdentities } from '../../shared/contracts/sender-identities.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import {
  addSenderAddress,
  listAccountSenderAddresses,
  listCampaignSenders,
  makeDefaultSenderAddress,
  removeSenderAddress,
  resendSenderAddressCode,
  verifySenderAddress,
} from '../services/sender-identities/sender-addresses.js';
import { addSenderDomain, checkSenderDomain, listAccountSenderDomains, removeSenderDomain } from '../services/sender-identities/sender-domains.js';

/** Sender addresses and domains of the account acted on (settings → emails), and the wizard's senders. */
export const handler = createApiHandler(senderIdentities, {
  listSenderAddresses: async ({ caller }) => listAccountSenderAddresses({ tuid: caller.tuid }),
  addSenderAddress: async ({ caller, body, now }) => ({ address: await addSenderAddress({ tuid: caller.tuid, loginTuid: caller.loginTuid, email: body.email, now }) }),
  resendSenderAddressCode: async ({ caller, params, now }) => ({ address: await resendSenderAddressCode({ tuid: caller.tuid, loginTuid: caller.loginTuid, email: params.email, now }) }),
  verifySenderAddress: async ({ caller, params, body, now }) => ({ address: await verifySenderAddress({ tuid: caller.tuid, email: params.email, code: body.code, now }) }),
  setDefaultSenderAddress: async ({ caller, params, now }) => makeDefaultSenderAddress({ tuid: caller.tuid, email: params.email, now }),
  deleteSenderAddress: async ({ caller, params }) => {
    await removeSenderAddress({ tuid: caller.tuid, email: params.email });
    return OK;
  },
  listSenderDomains: async ({ caller }) => listAccountSenderDomains({ tuid: caller.tuid }),
  addSenderDomain: async ({ caller, body, now }) => ({ domain: await addSenderDomain({ tuid: caller.tuid, domain: body.domain, now }) }),
  checkSenderDomain: async ({ caller, params, now }) => ({ domain: await checkSenderDomain({ tuid: caller.tuid, domain: params.domain, now }) }),
  deleteSenderDomain: async ({ caller, params }) => {
    await removeSenderDomain({ tuid: caller.tuid, domain: params.domain });
    return OK;
  },
  listCampaignSenders: async ({ caller }) => listCampaignSenders({ tuid: caller.tuid }),
});
