/**
 * Which family of campaigns (email, or SMS and MMS) the campaign pieces serve. The list, its
 * dialogs and row menu, the recipient steps, the send dialog and the report are one set of
 * components for both areas: each area's pages provide their family, the pieces read it here.
 */
import { createContext, useContext } from 'react';
import type { CampaignFamily } from '../../../../shared/domain/campaign-channels.js';
import { campaignPaths } from '../../paths/campaigns.js';

export const CampaignFamilyContext = createContext<CampaignFamily>('email');

export function useCampaignFamily(): CampaignFamily {
  return useContext(CampaignFamilyContext);
}

/** The family's list and report URLs. */
export function useCampaignPaths() {
  return campaignPaths(useCampaignFamily());
}

/**
 * The i18n key of a text that names the area ("Email campaigns", "SMS and MMS campaigns"): the
 * SMS area's own under `sms.`, every other text reads the same for both.
 */
export function useAreaKey(): (key: string) => string {
  const family = useCampaignFamily();
  return (key) => (family === 'sms' ? `sms.${key}` : key);
}
