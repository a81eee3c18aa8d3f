/**
 * upload-file (spec §2.1): a file of recipients goes through the contact import (its checks,
 * mapping and report) into a new group named after the campaign. The wizard does not repeat the
 * import flow: it saves the draft and leads there, and the import's confirm page leads back here
 * (campaign-import.ts), where the group joins the selection and the import's progress shows.
 */
import { useEffect } from 'react';
import { Button, Card, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { showError } from '../error-dialog.js';
import { includeUploadedImport, readUploadedImport } from '../../paths/campaign-import.js';
import { ImportProgressBar, type ImportProgress } from '../contact-import/import-progress.js';
import { ImportStatusBadge } from '../contact-import/import-status-badge.js';
import { contactPaths } from '../../paths/contacts.js';
import { wizardStepPath } from '../../paths/campaigns.js';
import { EMPTY_SELECTION } from './select-groups-step.js';
import type { RecipientsDraft } from './use-campaign-draft.js';

export function UploadFileStep({ draft, upload }: { draft: RecipientsDraft; upload: ImportProgress }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returned = readUploadedImport(params);

  // Back from the import: include its groups once the draft can be changed (the lock is being
  // taken on arrival), save, and drop the parameters so a reload does not apply them again. Runs
  // once per return, with the draft of that moment, hence the short dependency list.
  useEffect(() => {
    const uploaded = readUploadedImport(params);
    if (!uploaded || draft.readOnly) return;
    draft.update(includeUploadedImport(draft.command.selection ?? EMPTY_SELECTION, uploaded));
    draft.save('upload-file', 'manual').catch((failure: unknown) => showError(failure, { entity: 'campaign' }));
    navigate(wizardStepPath(draft.type, 'upload-file', draft.id), { replace: true });
  }, [params, draft.readOnly]); // eslint-disable-line react-hooks/exhaustive-deps

  const openImport = async () => {
    try {
      await draft.save('upload-file', 'manual');
      navigate(contactPaths.importForCampaign({ id: draft.id, type: draft.type }));
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
    }
  };
  const { job, live, running } = upload;
  return (
    <Stack gap="4" maxW="2xl" data-testid="upload-file-step">
      <Text>{t('upload.intro')}</Text>
      {returned && draft.readOnly && draft.lock.status !== 'taking' && (
        <Text p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" data-testid="upload-not-included">
          {t('upload.notIncluded')}
        </Text>
      )}
      {job && (
        <Card.Root variant="outline" data-testid="upload-import">
          <Card.Body>
            <Stack gap="3">
              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <Text fontWeight="semibold" truncate>
                  {job.fileName}
                </Text>
                <ImportStatusBadge status={job.status} testId="upload-import-status" />
              </Flex>
              <ImportProgressBar job={job} live={live} running={running} />
              <Text fontSize="sm" color="fg.muted">
                {t(running ? 'upload.running' : 'upload.ended')}
              </Text>
              <Link asChild color="brand.fg" fontSize="sm" alignSelf="start">
                <RouterLink to={contactPaths.importReport(job.id)} data-testid="upload-import-report">
                  {t('upload.report')}
                </RouterLink>
              </Link>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <Button alignSelf="start" variant={job ? 'outline' : 'solid'} disabled={draft.readOnly} onClick={() => void openImport()} data-testid="open-contact-import">
        {t(job ? 'upload.another' : 'upload.open')}
      </Button>
    </Stack>
  );
}
