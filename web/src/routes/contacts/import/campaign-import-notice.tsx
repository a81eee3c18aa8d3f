/** Says which email campaign an import is for, and that starting it leads back to the campaign. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCampaignName } from '../../../api/campaigns.js';

export function CampaignImportNotice({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('contacts');
  const { name } = useCampaignName(campaignId);
  return (
    <Text p="3" rounded="md" bg="bg.info" color="fg.info" fontSize="sm" data-testid="import-for-campaign">
      {t('import.campaign.notice', { name: name ?? '…' })}
    </Text>
  );
}
