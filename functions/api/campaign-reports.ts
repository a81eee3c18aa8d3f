import { ZReportPathParams, ZReportQuery } from '../../shared/schemas/campaigns.js';
import { claimsOf, createApiHandler, HttpAnswer, parseInput, type ApiRequest } from '../lib/http.js';
import { exportCampaignReport, getCampaignReport } from '../services/campaign-reports.js';

const STAT = '/api/v1/pageBasedAPI/email/stat';

/** The view and campaign of the path, and the query, checked before anything is read. */
const inputOf = (request: ApiRequest) => ({ ...parseInput(ZReportPathParams, request.params), query: parseInput(ZReportQuery, request.query) });

export const handler = createApiHandler('campaign-reports', {
  [`GET ${STAT}/{view}/{campaignId}`]: async (request) => {
    const { tuid, loginTuid } = claimsOf(request);
    return getCampaignReport({ tuid, loginTuid, ...inputOf(request) });
  },
  [`GET ${STAT}/{view}/{campaignId}/export`]: async (request) => {
    const { disposition, csv } = await exportCampaignReport({ tuid: claimsOf(request).tuid, ...inputOf(request) });
    return new HttpAnswer(200, csv, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': disposition });
  },
});
