/**
 * Takes one state change of spec §4 (send, schedule, pause, resume, stop, cancel, recover,
 * recurring, approval) and shows its toast; a refusal opens the error dialog.
 */
import { useTranslation } from 'react-i18next';
import type { TCampaignActionRequest } from '../../../../shared/schemas/campaigns.js';
import { takeCampaignAction, type TCampaignSummary } from '../../api/campaigns.js';
import { showError } from '../error-dialog.js';
import { notify } from '../toaster.js';
import { useCampaignFamily } from './campaign-family.js';

/** Answers the changed campaign, or null after showing why it failed (or rethrows with `rethrow`). */
export function useCampaignAction() {
  const { t } = useTranslation('campaigns');
  const family = useCampaignFamily();
  return async (campaign: Pick<TCampaignSummary, 'id' | 'name'>, request: TCampaignActionRequest, options: { rethrow?: boolean } = {}): Promise<TCampaignSummary | null> => {
    try {
      const changed = await takeCampaignAction(family, campaign.id, request);
      notify({ type: 'success', title: t(`toast.${request.action}`, { name: campaign.name }) });
      return changed;
    } catch (failure) {
      if (options.rethrow) throw failure;
      showError(failure, { entity: 'campaign' });
      return null;
    }
  };
}
