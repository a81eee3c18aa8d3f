/**
 * `/contacts/import-contacts/confirm?id=` (spec §2.1, §4 Import): the file's first rows with a
 * target above each column (the guessed mapping preselected), the header switch, the encoding of a
 * CSV, the file of a ZIP archive and the sheet of a workbook when there are several, what to do with existing contacts and the groups to add to; Start runs the worker. An
 * unsubscribe list maps one column, its addresses, and has neither of the last two. An import for
 * an email campaign (`&campaign=`) fills, by default, a new snapshot group named after the campaign,
 * and Start leads back to the campaign's wizard with the import and its groups.
 */
import { Button, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { PageLayout } from '../../../components/page-layout.js';
import { ErrorPage } from '../../../components/error-page.js';
import { contactPaths, IMPORT_UPLOAD_PATHS } from '../../../paths/contacts.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { readCampaignRef, uploadStepPath } from '../../../paths/campaign-import.js';
import { CampaignImportNotice } from './campaign-import-notice.js';
import { ImportFormatBar } from './import-format-bar.js';
import { ImportMappingTable } from './import-mapping-table.js';
import { ImportOptionsCard } from './import-options-card.js';
import { ImportPreviewError } from './import-preview-error.js';
import { useImportConfirm, type ImportConfirmOptions } from './use-import-confirm.js';

export default function ImportConfirmPage() {
  const [params] = useSearchParams();
  const permissions = useContactPermissions();
  const id = params.get('id');
  if (!permissions.canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <ErrorPage code={ERROR_CODES.RECORD_NOT_FOUND} />;
  return <ImportConfirm key={id} id={id} campaign={readCampaignRef(params)} canReadGroups={permissions.canReadGroups} canWriteGroups={permissions.canWriteGroups} />;
}

function ImportConfirm(props: ImportConfirmOptions) {
  const { campaign, canReadGroups } = props;
  const { t } = useTranslation(['contacts', 'errors']);
  const state = useImportConfirm(props);
  const { kind, address, preview, previewError } = state;

  return (
    <PageLayout
      title={address ? t(`import.kind.${kind}.title`) : t('import.confirm.title')}
      subtitle={t(address ? `import.confirm.subtitleAddress.${address}` : 'import.confirm.subtitle')}
      back={{ to: campaign ? contactPaths.importForCampaign(campaign) : IMPORT_UPLOAD_PATHS[kind], label: t('import.action.chooseAnother') }}
      maxW="7xl"
      testId="import-confirm-page"
    >
      <Stack gap="6">
        {campaign && address === null && <CampaignImportNotice campaign={campaign} />}
        <ImportFormatBar
          preview={preview}
          encoding={state.encoding}
          csvEncoding={state.csvEncoding}
          showEncoding={state.showEncoding}
          loading={state.loading}
          onEncodingChange={state.setEncoding}
          onEntryChange={state.chooseEntry}
          onSheetChange={state.chooseSheet}
        />

        {previewError && <ImportPreviewError error={previewError} kind={kind} canRetryEncoding={state.badEncoding} />}

        {preview && !previewError && (
          <>
            <Switch.Root checked={state.hasHeader} onCheckedChange={(details) => state.setHasHeader(details.checked)} data-testid="import-has-header">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('import.confirm.hasHeader')}</Switch.Label>
            </Switch.Root>

            <ImportMappingTable preview={preview} mapping={state.mapping} targets={state.targets} hasHeader={state.hasHeader} onChoose={state.chooseTarget} />

            {address === null && (
              <ImportOptionsCard
                existing={state.existing}
                onExistingChange={state.setExisting}
                canReadGroups={canReadGroups}
                snapshotGroups={state.snapshotGroups}
                groupIds={state.groupIds}
                onGroupChange={state.chooseGroup}
                offersNewGroup={state.offersNewGroup}
                isNewGroupChosen={state.isNewGroupChosen}
                onNewGroupChosenChange={state.setNewGroupChosen}
                newGroupName={state.newGroupName}
                onNewGroupNameChange={state.changeNewGroupName}
              />
            )}

            {state.problem && (
              <Text color="fg.error" role="alert" data-testid="import-confirm-error">
                {state.problem}
              </Text>
            )}
            <Flex gap="2" justify="flex-end">
              <Button asChild variant="outline">
                <RouterLink to={campaign ? uploadStepPath(campaign) : contactPaths.list}>{t('common:action.cancel')}</RouterLink>
              </Button>
              <Button onClick={() => void state.start()} loading={state.starting} disabled={state.loading} data-testid="import-start">
                {t('import.action.start')}
              </Button>
            </Flex>
          </>
        )}
      </Stack>
    </PageLayout>
  );
}
