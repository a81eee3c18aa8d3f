import { CAMPAIGN_STATUSES, type CampaignStateView, type CampaignStatus } from './campaign-states.js';

/** The list tabs of `/emails?tab=` and `/sms-and-mms?tab=` and the statuses each shows. */
export const CAMPAIGN_TABS = {
  all: CAMPAIGN_STATUSES,
  draft: ['draft'],
  scheduled: ['scheduled'],
  sending: ['started', 'resumed', 'recovered', 'paused'],
  sent: ['finished'],
  stopped: ['stopped', 'cancelled'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignTab = keyof typeof CAMPAIGN_TABS | 'approval';
export const CAMPAIGN_TAB_NAMES = [...(Object.keys(CAMPAIGN_TABS) as Array<keyof typeof CAMPAIGN_TABS>), 'approval'] as const satisfies readonly CampaignTab[];

export function isInTab(campaign: Pick<CampaignStateView, 'status' | 'approval'>, tab: CampaignTab): boolean {
  if (tab === 'approval') return campaign.approval === 'waiting';
  return (CAMPAIGN_TABS[tab] as readonly CampaignStatus[]).includes(campaign.status);
}
