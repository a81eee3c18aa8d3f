import type { CampaignFamily } from '../../shared/domain/campaign-channels.js';
import { ZReportPathParams, ZReportQuery } from '../../shared/schemas/campaigns.js';
import { ZStartReportExportRequest } from '../../shared/schemas/exports.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import { getCampaignReport, startCampaignReportExport } from '../services/campaign-reports.js';

const API = '/api/v1/pageBasedAPI';

/** The view and campaign of the path, and the query, checked before anything is read. */
const inputOf = (request: ApiRequest) => ({ ...parseInput(ZReportPathParams, request.params), query: parseInput(ZReportQuery, request.query) });

/** email/stat/... and sms/stat/... (spec §7): the same report of the family's campaigns. */
function familyRoutes(family: CampaignFamily): Record<string, (request: ApiRequest) => Promise<unknown>> {
  const stat = `${API}/${family}/stat`;
  return {
    [`GET ${stat}/{view}/{campaignId}`]: async (request) => {
      const { tuid, loginTuid } = claimsOf(request);
      return getCampaignReport({ tuid, loginTuid, family, ...inputOf(request) });
    },
    [`POST ${stat}/{view}/{campaignId}/export`]: async (request) => {
      const { tuid, loginTuid } = claimsOf(request);
      const { format } = parseInput(ZStartReportExportRequest, request.body ?? {});
      return HttpAnswer.json({ export: await startCampaignReportExport({ tuid, loginTuid, family, format, now: new Date(), ...inputOf(request) }) }, 201);
    },
  };
}

export const handler = createApiHandler('campaign-reports', { ...familyRoutes('email'), ...familyRoutes('sms') });
