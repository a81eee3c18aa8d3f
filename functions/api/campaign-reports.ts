import { familyNamed } from '../../shared/contracts/campaign-families.js';
import { campaignReports } from '../../shared/contracts/campaign-reports.js';
import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import { createApiHandler, type RouteInput } from '../lib/http.js';
import { getCampaignReport, startCampaignReportExport } from '../services/campaigns/campaign-reports.js';

type Routes = (typeof campaignReports)['routes'];
/** What a report route of both families is handed: the email route's input, which the SMS route's matches field for field. */
type FamilyInput<K extends keyof Routes> = Omit<RouteInput<Routes[K]>, never>;

/** email/stat/... and sms/stat/... (spec §7): the same report of the family's campaigns. */
function familyHandlers(family: CampaignFamily) {
  return {
    view: async ({ caller, params, query }: FamilyInput<'emailView'>) =>
      getCampaignReport({ tuid: caller.tuid, loginTuid: caller.loginTuid, family, view: params.view, campaignId: params.campaignId, query }),
    export: async ({ caller, params, query, body, now }: FamilyInput<'emailExport'>) => ({
      export: await startCampaignReportExport({
        tuid: caller.tuid,
        loginTuid: caller.loginTuid,
        family,
        view: params.view,
        campaignId: params.campaignId,
        query,
        format: body.format,
        now,
      }),
    }),
  };
}

export const handler = createApiHandler(campaignReports, { ...familyNamed('email', familyHandlers('email')), ...familyNamed('sms', familyHandlers('sms')) });
