import type { TSmsCampaignCommand } from '../../../../../shared/schemas/campaigns.js';
import type { CampaignDraft } from '../../../components/campaign-wizard/use-campaign-draft.js';

/** An SMS or MMS campaign being edited in its wizard: what every step reads and updates. */
export type SmsDraft = CampaignDraft<TSmsCampaignCommand>;
