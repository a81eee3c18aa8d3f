/**
 * upload-file (spec §2.1): a file of recipients goes through the contact import (its checks,
 * mapping and report) into a group, which is then included on select-groups. The wizard does not
 * repeat the import flow; it leads there, and the draft is saved first.
 */
import { Button, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showError } from '../../../components/error-dialog.js';
import type { CampaignDraft } from './use-campaign-draft.js';

const IMPORT_PATH = '/contacts/import-contacts';

export function UploadFileStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const openImport = async () => {
    try {
      await draft.save('upload-file', 'manual');
      navigate(IMPORT_PATH);
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
    }
  };
  return (
    <Stack gap="4" maxW="2xl" data-testid="upload-file-step">
      <Text>{t('upload.intro')}</Text>
      <List.Root as="ol" ps="5" gap="1.5" color="fg.muted">
        <List.Item>{t('upload.step1')}</List.Item>
        <List.Item>{t('upload.step2')}</List.Item>
        <List.Item>{t('upload.step3')}</List.Item>
      </List.Root>
      <Button alignSelf="start" onClick={() => void openImport()} data-testid="open-contact-import">
        {t('upload.open')}
      </Button>
    </Stack>
  );
}
