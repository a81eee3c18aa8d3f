/**
 * Campaign reports (spec §7 "Reports"): one view per call, under each family's stat/; each list
 * view's export is a job of the export worker, followed on /exports.
 */
import { TIMEOUTS_MS } from '../constants.js';
import type { CampaignFamily } from '../domain/campaign-channels.js';
import { ZCampaignReportResponse, ZReportExportResponse, ZReportPathParams, ZReportQuery } from '../schemas/campaigns.js';
import { ZStartReportExportRequest } from '../schemas/exports.js';
import { familyNamed } from './campaign-families.js';
import { defineGroup, route, section } from './route.js';

function familyReports<const F extends CampaignFamily>(family: F) {
  return familyNamed(family, {
    view: route({
      method: 'GET',
      path: `${family}/stat/{view}/{campaignId}`,
      access: section(family, 'read'),
      params: ZReportPathParams,
      query: ZReportQuery,
      answer: ZCampaignReportResponse,
      clientTimeoutMs: TIMEOUTS_MS.stats,
    }),
    // An empty body exports as CSV.
    export: route({
      method: 'POST',
      path: `${family}/stat/{view}/{campaignId}/export`,
      access: section(family, 'read'),
      params: ZReportPathParams,
      query: ZReportQuery,
      body: ZStartReportExportRequest.prefault({}),
      answer: ZReportExportResponse,
      status: 201,
    }),
  });
}

export const campaignReports = defineGroup('campaign-reports', { ...familyReports('email'), ...familyReports('sms') });
