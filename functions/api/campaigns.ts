import {
  ZCampaignActionRequest,
  ZCampaignListQuery,
  ZCampaignLoadQuery,
  ZCampaignPathParams,
  ZCampaignSaveBody,
  ZCampaignUnlockQuery,
  ZCheckTitleRequest,
  ZDeleteCampaignsRequest,
  ZOnlineVersionRequest,
  ZRenameCampaignRequest,
  ZSaveCampaignQuery,
  ZSaveSmsCampaignQuery,
  ZSelectionDetailsRequest,
  ZSmsCampaignSaveBody,
  ZTagCampaignRequest,
} from '../../shared/schemas/campaigns.js';
import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import { takeCampaignAction } from '../services/campaign-actions.js';
import { estimateCampaignCost } from '../services/campaign-cost.js';
import { onlineVersionUrlFor } from '../services/tracking.js';
import {
  checkCampaignTitle,
  createCampaign,
  deleteCampaigns,
  getSelectionDetails,
  listCampaigns,
  loadCampaign,
  lockCampaign,
  renameCampaign,
  replicateCampaign,
  requireCampaign,
  saveCampaign,
  tagCampaign,
  unlockCampaign,
} from '../services/campaigns.js';

const API = '/api/v1/pageBasedAPI';

/** Each family's paths (spec §7): email under create-campaign/ and email/, SMS and MMS under sms/. */
const PATHS: Readonly<Record<CampaignFamily, { save: string; wizard: string; campaigns: string }>> = {
  email: { save: `${API}/create-campaign/save`, wizard: `${API}/create-campaign`, campaigns: `${API}/email/campaigns` },
  sms: { save: `${API}/sms/create-campaign/save`, wizard: `${API}/sms/create-campaign`, campaigns: `${API}/sms/campaigns` },
};

/** The tenant and the user from the verified token, never from the request. */
const callerOf = (request: ApiRequest) => {
  const { tuid, loginTuid } = claimsOf(request);
  return { tuid, loginTuid };
};

/** A malformed id is bad input (400), checked before anything is read. */
const campaignIdOf = (request: ApiRequest) => parseInput(ZCampaignPathParams, request.params).campaignId;

/** The routes both families have alike, apart from the save itself. */
function familyRoutes(family: CampaignFamily): Record<string, (request: ApiRequest) => Promise<unknown>> {
  const { save, wizard, campaigns } = PATHS[family];
  return {
    [`GET ${save}/lock`]: async (request) => lockCampaign({ ...callerOf(request), campaignId: parseInput(ZCampaignLoadQuery, request.query).id, family, now: new Date() }),
    [`DELETE ${save}/lock`]: async (request) => {
      await unlockCampaign({ ...callerOf(request), campaignId: parseInput(ZCampaignUnlockQuery, request.query).id, family });
      return { success: true };
    },
    [`POST ${wizard}/check-title`]: async (request) => {
      const { id, title } = parseInput(ZCheckTitleRequest, request.body);
      return checkCampaignTitle({ tuid: callerOf(request).tuid, id, title });
    },
    [`POST ${wizard}/select-contact/get-detail-by-ids`]: async (request) =>
      getSelectionDetails({ tuid: callerOf(request).tuid, campaignId: parseInput(ZSelectionDetailsRequest, request.body).campId, family }),
    [`GET ${campaigns}`]: async (request) => listCampaigns({ tuid: callerOf(request).tuid, family, query: parseInput(ZCampaignListQuery, request.query), now: new Date() }),
    [`DELETE ${campaigns}`]: async (request) => deleteCampaigns({ ...callerOf(request), family, campaignIds: parseInput(ZDeleteCampaignsRequest, request.body).ids, now: new Date() }),
    [`PUT ${campaigns}/{campaignId}/name`]: async (request) => {
      const campaignId = campaignIdOf(request);
      return { campaign: await renameCampaign({ ...callerOf(request), campaignId, family, name: parseInput(ZRenameCampaignRequest, request.body).name, now: new Date() }) };
    },
    [`PUT ${campaigns}/{campaignId}/tags`]: async (request) => {
      const campaignId = campaignIdOf(request);
      return { campaign: await tagCampaign({ ...callerOf(request), campaignId, family, tags: parseInput(ZTagCampaignRequest, request.body).tags, now: new Date() }) };
    },
    [`POST ${campaigns}/{campaignId}/replicate`]: async (request) => {
      const campaignId = campaignIdOf(request);
      return HttpAnswer.json({ campaign: await replicateCampaign({ ...callerOf(request), campaignId, family, now: new Date() }) }, 201);
    },
    [`POST ${campaigns}/{campaignId}/actions`]: async (request) => {
      const campaignId = campaignIdOf(request);
      return { campaign: await takeCampaignAction({ ...callerOf(request), campaignId, family, request: parseInput(ZCampaignActionRequest, request.body), now: new Date() }) };
    },
  };
}

export const handler = createApiHandler('campaigns', {
  ...familyRoutes('email'),
  ...familyRoutes('sms'),
  // Spec §7: one path both creates ({campaignName}) and saves ({id, command}).
  [`POST ${PATHS.email.save}`]: async (request) => {
    const body = parseInput(ZCampaignSaveBody, request.body);
    const now = new Date();
    if ('campaignName' in body) return HttpAnswer.json(await createCampaign({ ...callerOf(request), name: body.campaignName, type: body.type, now }), 201);
    parseInput(ZSaveCampaignQuery, request.query);
    return saveCampaign({ ...callerOf(request), family: 'email', input: body, now });
  },
  [`POST ${PATHS.sms.save}`]: async (request) => {
    const body = parseInput(ZSmsCampaignSaveBody, request.body);
    const now = new Date();
    if ('campaignName' in body) return HttpAnswer.json(await createCampaign({ ...callerOf(request), name: body.campaignName, type: body.type, now }), 201);
    parseInput(ZSaveSmsCampaignQuery, request.query);
    return saveCampaign({ ...callerOf(request), family: 'sms', input: body, now });
  },
  [`GET ${PATHS.email.save}`]: async (request) => loadCampaign({ tuid: callerOf(request).tuid, campaignId: parseInput(ZCampaignLoadQuery, request.query).id, family: 'email', now: new Date() }),
  [`GET ${PATHS.sms.save}`]: async (request) => loadCampaign({ tuid: callerOf(request).tuid, campaignId: parseInput(ZCampaignLoadQuery, request.query).id, family: 'sms', now: new Date() }),
  [`GET ${PATHS.sms.campaigns}/{campaignId}/cost`]: async (request) => estimateCampaignCost({ tuid: callerOf(request).tuid, campaignId: campaignIdOf(request), now: new Date() }),
  [`POST ${API}/email/campaign/generateOnlineVersion`]: async (request) => {
    const { tuid } = callerOf(request);
    const campaign = await requireCampaign(tuid, parseInput(ZOnlineVersionRequest, request.body).id, 'email');
    return { url: await onlineVersionUrlFor(tuid, campaign.id, null) };
  },
});
