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
  ZSelectionDetailsRequest,
  ZTagCampaignRequest,
} from '../../shared/schemas/campaigns.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import { takeCampaignAction } from '../services/campaign-actions.js';
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
const CAMPAIGNS = `${API}/email/campaigns`;
const SAVE = `${API}/create-campaign/save`;

/** The tenant and the user from the verified token, never from the request. */
const callerOf = (request: ApiRequest) => {
  const { tuid, loginTuid } = claimsOf(request);
  return { tuid, loginTuid };
};

/** A malformed id is bad input (400), checked before anything is read. */
const campaignIdOf = (request: ApiRequest) => parseInput(ZCampaignPathParams, request.params).campaignId;

export const handler = createApiHandler('campaigns', {
  // Spec §7: one path both creates ({campaignName}) and saves ({id, command}).
  [`POST ${SAVE}`]: async (request) => {
    const body = parseInput(ZCampaignSaveBody, request.body);
    const now = new Date();
    if ('campaignName' in body) return HttpAnswer.json(await createCampaign({ ...callerOf(request), name: body.campaignName, type: body.type, now }), 201);
    parseInput(ZSaveCampaignQuery, request.query);
    return saveCampaign({ ...callerOf(request), input: body, now });
  },
  [`GET ${SAVE}`]: async (request) => loadCampaign({ tuid: callerOf(request).tuid, campaignId: parseInput(ZCampaignLoadQuery, request.query).id, now: new Date() }),
  [`GET ${SAVE}/lock`]: async (request) => lockCampaign({ ...callerOf(request), campaignId: parseInput(ZCampaignLoadQuery, request.query).id, now: new Date() }),
  [`DELETE ${SAVE}/lock`]: async (request) => {
    await unlockCampaign({ ...callerOf(request), campaignId: parseInput(ZCampaignUnlockQuery, request.query).id });
    return { success: true };
  },
  [`POST ${API}/create-campaign/check-title`]: async (request) => {
    const { id, title } = parseInput(ZCheckTitleRequest, request.body);
    return checkCampaignTitle({ tuid: callerOf(request).tuid, id, title });
  },
  [`POST ${API}/create-campaign/select-contact/get-detail-by-ids`]: async (request) =>
    getSelectionDetails({ tuid: callerOf(request).tuid, campaignId: parseInput(ZSelectionDetailsRequest, request.body).campId }),
  [`POST ${API}/email/campaign/generateOnlineVersion`]: async (request) => {
    const { tuid } = callerOf(request);
    const campaign = await requireCampaign(tuid, parseInput(ZOnlineVersionRequest, request.body).id);
    return { url: await onlineVersionUrlFor(tuid, campaign.id, null) };
  },
  [`GET ${CAMPAIGNS}`]: async (request) => listCampaigns({ tuid: callerOf(request).tuid, query: parseInput(ZCampaignListQuery, request.query), now: new Date() }),
  [`DELETE ${CAMPAIGNS}`]: async (request) => deleteCampaigns({ ...callerOf(request), campaignIds: parseInput(ZDeleteCampaignsRequest, request.body).ids, now: new Date() }),
  [`PUT ${CAMPAIGNS}/{campaignId}/name`]: async (request) => {
    const campaignId = campaignIdOf(request);
    return { campaign: await renameCampaign({ ...callerOf(request), campaignId, name: parseInput(ZRenameCampaignRequest, request.body).name, now: new Date() }) };
  },
  [`PUT ${CAMPAIGNS}/{campaignId}/tags`]: async (request) => {
    const campaignId = campaignIdOf(request);
    return { campaign: await tagCampaign({ ...callerOf(request), campaignId, tags: parseInput(ZTagCampaignRequest, request.body).tags, now: new Date() }) };
  },
  [`POST ${CAMPAIGNS}/{campaignId}/replicate`]: async (request) => {
    const campaignId = campaignIdOf(request);
    return HttpAnswer.json({ campaign: await replicateCampaign({ ...callerOf(request), campaignId, now: new Date() }) }, 201);
  },
  [`POST ${CAMPAIGNS}/{campaignId}/actions`]: async (request) => {
    const campaignId = campaignIdOf(request);
    return { campaign: await takeCampaignAction({ ...callerOf(request), campaignId, request: parseInput(ZCampaignActionRequest, request.body), now: new Date() }) };
  },
});
