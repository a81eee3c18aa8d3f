/**
 * Campaigns (spec §2.1 /emails, create-email-campaign, /sms-and-mms; §4 "Campaign"; §7 "Campaign
 * saving" and "the SMS and MMS equivalents"): each family's wizard calls and list changes, named
 * after the family (`campaigns.emailList`, `campaigns.smsList`), on that family's section flags.
 */
import type { z } from 'zod';
import { TIMEOUTS_MS } from '../constants.js';
import type { CampaignFamily } from '../domain/campaign-channels.js';
import { TEMPLATE_LIMITS } from '../domain/templates.js';
import { ZOk } from '../schemas/common.js';
import {
  ZCampaignActionRequest,
  ZCampaignCostResponse,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignLoadQuery,
  ZCampaignLoadResponse,
  ZCampaignLockResponse,
  ZCampaignPathParams,
  ZCampaignResponse,
  ZCampaignSaveAnswer,
  ZCampaignSaveBody,
  ZCampaignUnlockQuery,
  ZCheckTitleRequest,
  ZCheckTitleResponse,
  ZDeleteCampaignsRequest,
  ZDeleteCampaignsResponse,
  ZOnlineVersionRequest,
  ZOnlineVersionResponse,
  ZRenameCampaignRequest,
  ZSaveCampaignQuery,
  ZSaveSmsCampaignQuery,
  ZSelectionDetailsRequest,
  ZSelectionDetailsResponse,
  ZSmsCampaignLoadResponse,
  ZSmsCampaignSaveAnswer,
  ZSmsCampaignSaveBody,
  ZTagCampaignRequest,
} from '../schemas/campaigns.js';
import { familyNamed } from './campaign-families.js';
import { defineGroup, route, section, type RouteSpec } from './route.js';

/**
 * What differs between the families: their paths (the wizard's calls, the list and its changes),
 * and the shapes of their saved commands.
 */
type Family<F extends CampaignFamily, W extends string, C extends string, SaveBody, SaveQuery, SaveAnswer, LoadAnswer> = {
  family: F;
  wizard: W;
  campaigns: C;
  save: { body: SaveBody; query: SaveQuery; answer: SaveAnswer; limits?: Pick<RouteSpec, 'maxBodyBytes'> };
  loadAnswer: LoadAnswer;
};

function familyRoutes<
  const F extends CampaignFamily,
  const W extends string,
  const C extends string,
  SaveBody extends z.ZodType,
  SaveQuery extends z.ZodType,
  SaveAnswer extends z.ZodType,
  LoadAnswer extends z.ZodType,
>({ family, wizard, campaigns, save, loadAnswer }: Family<F, W, C, SaveBody, SaveQuery, SaveAnswer, LoadAnswer>) {
  return familyNamed(family, {
    // One path both creates (a body with campaignName, 201) and saves (a body with id and command), as spec §7 names them.
    save: route({ method: 'POST', path: `${wizard}/save`, access: section(family, 'write'), query: save.query, body: save.body, answer: save.answer, ...save.limits }),
    load: route({
      method: 'GET',
      path: `${wizard}/save`,
      access: section(family, 'read'),
      query: ZCampaignLoadQuery,
      answer: loadAnswer,
      clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck,
    }),
    // The edit lock, renewed while the wizard is open.
    lock: route({ method: 'GET', path: `${wizard}/save/lock`, access: section(family, 'write'), query: ZCampaignLoadQuery, answer: ZCampaignLockResponse }),
    unlock: route({ method: 'DELETE', path: `${wizard}/save/lock`, access: section(family, 'write'), query: ZCampaignUnlockQuery, answer: ZOk }),
    checkTitle: route({
      method: 'POST',
      path: `${wizard}/check-title`,
      access: section(family, 'read'),
      body: ZCheckTitleRequest,
      answer: ZCheckTitleResponse,
      clientTimeoutMs: TIMEOUTS_MS.loadAndTitleCheck,
    }),
    selectionDetails: route({
      method: 'POST',
      path: `${wizard}/select-contact/get-detail-by-ids`,
      access: section(family, 'read'),
      body: ZSelectionDetailsRequest,
      answer: ZSelectionDetailsResponse,
    }),
    list: route({ method: 'GET', path: campaigns, access: section(family, 'read'), query: ZCampaignListQuery, answer: ZCampaignListResponse }),
    delete: route({ method: 'DELETE', path: campaigns, access: section(family, 'delete'), body: ZDeleteCampaignsRequest, answer: ZDeleteCampaignsResponse }),
    rename: route({
      method: 'PUT',
      path: `${campaigns}/{campaignId}/name`,
      access: section(family, 'write'),
      params: ZCampaignPathParams,
      body: ZRenameCampaignRequest,
      answer: ZCampaignResponse,
    }),
    tag: route({ method: 'PUT', path: `${campaigns}/{campaignId}/tags`, access: section(family, 'write'), params: ZCampaignPathParams, body: ZTagCampaignRequest, answer: ZCampaignResponse }),
    replicate: route({ method: 'POST', path: `${campaigns}/{campaignId}/replicate`, access: section(family, 'write'), params: ZCampaignPathParams, answer: ZCampaignResponse, status: 201 }),
    // Sending, scheduling, pausing, approving: the section's execute flag (spec §6 "can send campaigns").
    action: route({
      method: 'POST',
      path: `${campaigns}/{campaignId}/actions`,
      access: section(family, 'execute'),
      params: ZCampaignPathParams,
      body: ZCampaignActionRequest,
      answer: ZCampaignResponse,
    }),
  });
}

export const campaigns = defineGroup('campaigns', {
  // Email campaigns: the wizard under create-campaign/, the list under email/.
  ...familyRoutes({
    family: 'email',
    wizard: 'create-campaign',
    campaigns: 'email/campaigns',
    save: { body: ZCampaignSaveBody, query: ZSaveCampaignQuery, answer: ZCampaignSaveAnswer, limits: { maxBodyBytes: TEMPLATE_LIMITS.requestBodyBytes } },
    loadAnswer: ZCampaignLoadResponse,
  }),
  // A preview link of the email campaign's online version.
  emailOnlineVersion: route({
    method: 'POST',
    path: 'email/campaign/generateOnlineVersion',
    access: section('email', 'read'),
    body: ZOnlineVersionRequest,
    answer: ZOnlineVersionResponse,
  }),
  // SMS and MMS campaigns: the same calls under sms/.
  ...familyRoutes({
    family: 'sms',
    wizard: 'sms/create-campaign',
    campaigns: 'sms/campaigns',
    save: { body: ZSmsCampaignSaveBody, query: ZSaveSmsCampaignQuery, answer: ZSmsCampaignSaveAnswer },
    loadAnswer: ZSmsCampaignLoadResponse,
  }),
  // What sending the saved SMS or MMS campaign now would cost.
  smsCost: route({
    method: 'GET',
    path: 'sms/campaigns/{campaignId}/cost',
    access: section('sms', 'read'),
    params: ZCampaignPathParams,
    answer: ZCampaignCostResponse,
    clientTimeoutMs: TIMEOUTS_MS.stats,
  }),
});
