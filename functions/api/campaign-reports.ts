import type { CampaignFamily } from '../../shared/domain/campaigns.js';
import { ZReportPathParams, ZReportQuery } from '../../shared/schemas/campaigns.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import { exportCampaignReport, getCampaignReport } from '../services/campaign-reports.js';

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
    [`GET ${stat}/{view}/{campaignId}/export`]: async (request) => {
      const { disposition, csv } = await exportCampaignReport({ tuid: claimsOf(request).tuid, family, ...inputOf(request) });
      return new HttpAnswer(200, csv, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': disposition });
    },
  };
}

export const handler = createApiHandler('campaign-reports', { ...familyRoutes('email'), ...familyRoutes('sms') });
