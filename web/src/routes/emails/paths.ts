/** The email campaigns area's URLs (spec §2.1), built in one place. */
import type { CampaignTab, EmailReportView } from '../../../../shared/domain/campaigns.js';
import type { EmailWizardStep } from '../../../../shared/schemas/campaigns.js';
import type { TCampaignSummary } from '../../api/campaigns.js';

export const emailPaths = {
  list: (tab: CampaignTab = 'all') => (tab === 'all' ? '/emails' : `/emails?tab=${tab}`),
  step: (step: EmailWizardStep, id: string) => `/emails/create-email-campaign/${step}?id=${encodeURIComponent(id)}`,
  report: (id: string, view: EmailReportView = 'overview') => `/emails/campaign-report?id=${encodeURIComponent(id)}&view=${view}`,
  baseReport: (id: string) => `/emails/base-campaign-report/overview?id=${encodeURIComponent(id)}`,
} as const;

/** Where a campaign opens: a draft in the wizard, any other in its report. */
export function openPathOf(campaign: Pick<TCampaignSummary, 'id' | 'status' | 'type'>): string {
  if (campaign.status === 'draft') return emailPaths.step('select-groups', campaign.id);
  return campaign.type === 'base_email' ? emailPaths.baseReport(campaign.id) : emailPaths.report(campaign.id);
}
