/** The list page of `/emails?tab=` and `/sms-and-mms?tab=` (spec §2.1): the account's campaigns of the area's family, and Create campaign. */
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { PlusIcon } from '../icons.js';
import { PageLayout } from '../page-layout.js';
import { ErrorPage } from '../error-page.js';
import { CreateCampaignDialog } from './campaign-dialogs.js';
import { useAreaKey } from './campaign-family.js';
import { CampaignList } from './campaign-list.js';
import { useCampaignPermissions } from './use-campaign-permissions.js';

export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const permissions = useCampaignPermissions();
  const areaKey = useAreaKey();
  const [isCreating, setCreating] = useState(false);
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  const create = permissions.canWrite ? () => setCreating(true) : undefined;
  return (
    <PageLayout
      title={t(areaKey('list.title'))}
      subtitle={t(areaKey('list.subtitle'))}
      maxW="7xl"
      testId="campaigns-page"
      actions={
        create && (
          <Button onClick={create} data-testid="create-campaign">
            <PlusIcon boxSize="4" />
            {t('create.button')}
          </Button>
        )
      }
    >
      <CampaignList permissions={permissions} onCreate={create} />
      {isCreating && <CreateCampaignDialog onClose={() => setCreating(false)} />}
    </PageLayout>
  );
}
