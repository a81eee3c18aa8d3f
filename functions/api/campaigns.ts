import { familyNamed } from '../../shared/contracts/campaign-families.js';
import { campaigns } from '../../shared/contracts/campaigns.js';
import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import type { TCreateCampaignRequest, TCreateSmsCampaignRequest } from '../../shared/schemas/campaigns.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler, HttpAnswer, type RouteInput } from '../lib/http.js';
import { takeCampaignAction } from '../services/campaigns/campaign-actions.js';
import { estimateCampaignCost } from '../services/campaigns/campaign-cost.js';
import { previewOnlineVersionUrl } from '../services/campaigns/tracking.js';
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
  saveCampaign,
  tagCampaign,
  unlockCampaign,
} from '../services/campaigns/campaigns.js';

type Routes = (typeof campaigns)['routes'];
/** What a route of both families is handed: the email route's input, which the SMS route's matches field for field. */
type FamilyInput<K extends keyof Routes> = Omit<RouteInput<Routes[K]>, never>;

/** A draft made by the save path (a body with campaignName): 201 with its id. */
async function createDraft({ caller, body, now }: Pick<RouteInput<Routes['emailSave']>, 'caller' | 'now'> & { body: TCreateCampaignRequest | TCreateSmsCampaignRequest }) {
  return HttpAnswer.json(await createCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, name: body.campaignName, type: body.type, now }), 201);
}

/** The routes both families have alike, apart from saving and loading, whose commands differ in shape. */
function familyHandlers(family: CampaignFamily) {
  return {
    lock: async ({ caller, query, now }: FamilyInput<'emailLock'>) => lockCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: query.id, family, now }),
    unlock: async ({ caller, query }: FamilyInput<'emailUnlock'>) => {
      await unlockCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: query.id, family });
      return OK;
    },
    checkTitle: async ({ caller, body }: FamilyInput<'emailCheckTitle'>) => checkCampaignTitle({ tuid: caller.tuid, id: body.id, title: body.title }),
    selectionDetails: async ({ caller, body }: FamilyInput<'emailSelectionDetails'>) => getSelectionDetails({ tuid: caller.tuid, campaignId: body.campId, family }),
    list: async ({ caller, query, now }: FamilyInput<'emailList'>) => listCampaigns({ tuid: caller.tuid, family, query, now }),
    delete: async ({ caller, body, now }: FamilyInput<'emailDelete'>) =>
      deleteCampaigns({ tuid: caller.tuid, loginTuid: caller.loginTuid, family, campaignIds: body.ids, now }),
    rename: async ({ caller, params, body, now }: FamilyInput<'emailRename'>) => ({
      campaign: await renameCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: params.campaignId, family, name: body.name, now }),
    }),
    tag: async ({ caller, params, body, now }: FamilyInput<'emailTag'>) => ({
      campaign: await tagCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: params.campaignId, family, tags: body.tags, now }),
    }),
    replicate: async ({ caller, params, now }: FamilyInput<'emailReplicate'>) => ({
      campaign: await replicateCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: params.campaignId, family, now }),
    }),
    action: async ({ caller, params, body, now }: FamilyInput<'emailAction'>) => ({
      campaign: await takeCampaignAction({ tuid: caller.tuid, loginTuid: caller.loginTuid, campaignId: params.campaignId, family, request: body, now }),
    }),
  };
}

export const handler = createApiHandler(campaigns, {
  ...familyNamed('email', familyHandlers('email')),
  ...familyNamed('sms', familyHandlers('sms')),
  // Spec §7: one path both creates ({campaignName}) and saves ({id, command}).
  emailSave: async ({ caller, body, now }) =>
    'campaignName' in body ? createDraft({ caller, body, now }) : saveCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, family: 'email', input: body, now }),
  smsSave: async ({ caller, body, now }) =>
    'campaignName' in body ? createDraft({ caller, body, now }) : saveCampaign({ tuid: caller.tuid, loginTuid: caller.loginTuid, family: 'sms', input: body, now }),
  emailLoad: async ({ caller, query, now }) => loadCampaign({ tuid: caller.tuid, campaignId: query.id, family: 'email', now }),
  smsLoad: async ({ caller, query, now }) => loadCampaign({ tuid: caller.tuid, campaignId: query.id, family: 'sms', now }),
  emailOnlineVersion: async ({ caller, body }) => ({ url: await previewOnlineVersionUrl({ tuid: caller.tuid, campaignId: body.id }) }),
  smsCost: async ({ caller, params, now }) => estimateCampaignCost({ tuid: caller.tuid, campaignId: params.campaignId, now }),
});
