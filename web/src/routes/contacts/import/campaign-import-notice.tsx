/** Says which campaign an import is for, and that starting it leads back to the campaign. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { familyOfType, useCampaignName } from '../../../api/campaigns.js';
import type { CampaignRef } from '../../../paths/campaign-import.js';

export function CampaignImportNotice({ campaign }: { campaign: CampaignRef }) {
  const { t } = useTranslation('contacts');
  const { name } = useCampaignName(familyOfType(campaign.type), campaign.id);
  return (
    <Text p="3" rounded="md" bg="bg.info" color="fg.info" fontSize="sm" data-testid="import-for-campaign">
      {t('import.campaign.notice', { name: name ?? '…' })}
    </Text>
  );
}
