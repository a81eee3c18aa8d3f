/**
 * The campaign areas' URLs (spec §2.1: /emails and /sms-and-mms), built in one place. Imported by
 * the shell's notification targets, so it imports types only.
 */
import type { CampaignFamily, CampaignType } from '../../../shared/domain/campaign-channels.js';
import type { EmailReportView } from '../../../shared/domain/campaign-report.js';
import type { CampaignTab } from '../../../shared/domain/campaign-tabs.js';
import type { EmailWizardStep, SmsWizardStep } from '../../../shared/schemas/campaigns.js';
import type { TCampaignSummary } from '../api/campaigns.js';

const SECTION_PATHS: Record<CampaignFamily, string> = { email: '/emails', sms: '/sms-and-mms' };

/** Each type's wizard and family: SMS and MMS are two wizards of one area. */
const TYPE_ROUTES: Record<CampaignType, { family: CampaignFamily; wizard: string }> = {
  Email: { family: 'email', wizard: 'create-email-campaign' },
  base_email: { family: 'email', wizard: 'create-email-campaign' },
  SMS: { family: 'sms', wizard: 'create-sms-campaign' },
  base_sms: { family: 'sms', wizard: 'create-sms-campaign' },
  MMS: { family: 'sms', wizard: 'create-mms-campaign' },
};

/** The list and report URLs of a family's area. */
export function campaignPaths(family: CampaignFamily) {
  const section = SECTION_PATHS[family];
  return {
    section,
    list: (tab: CampaignTab = 'all') => (tab === 'all' ? section : `${section}?tab=${tab}`),
    report: (id: string, view: EmailReportView = 'overview') => `${section}/campaign-report?id=${encodeURIComponent(id)}&view=${view}`,
    baseReport: (id: string) => `${section}/base-campaign-report/overview?id=${encodeURIComponent(id)}`,
  };
}

/** A step of the campaign's wizard: create-email-campaign, create-sms-campaign or create-mms-campaign. */
export function wizardStepPath(type: CampaignType, step: EmailWizardStep | SmsWizardStep, id: string): string {
  const { family, wizard } = TYPE_ROUTES[type];
  return `${SECTION_PATHS[family]}/${wizard}/${step}?id=${encodeURIComponent(id)}`;
}

export const emailPaths = { ...campaignPaths('email'), step: (step: EmailWizardStep, id: string) => wizardStepPath('Email', step, id) } as const;

/** Where a campaign opens: a draft in its wizard, any other in its report. */
export function openPathOf(campaign: Pick<TCampaignSummary, 'id' | 'status' | 'type'>): string {
  if (campaign.status === 'draft') return wizardStepPath(campaign.type, 'select-groups', campaign.id);
  const paths = campaignPaths(TYPE_ROUTES[campaign.type].family);
  return campaign.type === 'base_email' || campaign.type === 'base_sms' ? paths.baseReport(campaign.id) : paths.report(campaign.id);
}
