/**
 * `/emails/create-email-campaign/<step>?id=` (spec §2.1): the campaign wizard. Recipients
 * (select-groups, paste-emails, upload-file), the message (select-template, code-editor,
 * template-editor, convert-page), then information, which reviews and sends. Each step change
 * saves first (spec §7); the editors are full screen (spec §2.2).
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_WIZARD_STEPS, type EmailWizardStep } from '../../../../../shared/schemas/campaigns.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { toApiError } from '../../../api/errors.js';
import { showError } from '../../../components/error-dialog.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { useImportProgress } from '../../../components/contact-import/import-progress.js';
import { ErrorPage } from '../../../components/error-page.js';
import { emailPaths } from '../../../paths/campaigns.js';
import { useCampaignPermissions } from '../../../components/campaigns/use-campaign-permissions.js';
import { ContentEditorStep, ConvertPageStep } from './content-steps.js';
import { InformationStep } from './information-step.js';
import { PasteEmailsStep } from '../../../components/campaign-wizard/paste-emails-step.js';
import { SelectGroupsStep } from '../../../components/campaign-wizard/select-groups-step.js';
import { editorStepOf, SelectTemplateStep } from './select-template-step.js';
import { EmailReview, SendDialog } from '../../../components/campaign-wizard/send-dialog.js';
import { UploadFileStep } from '../../../components/campaign-wizard/upload-file-step.js';
import { useCampaignDraft, useLoadedCampaign, type LoadedCampaign } from '../../../components/campaign-wizard/use-campaign-draft.js';
import { RecipientCount, stageIndexOf, WizardFrame, type WizardStages } from '../../../components/campaign-wizard/wizard-frame.js';

/** The wizard's stages, each with its steps; the first step of a stage is where it starts. */
const STAGES = [
  { key: 'recipients', steps: ['select-groups', 'paste-emails', 'upload-file'] },
  { key: 'content', steps: ['select-template', 'code-editor', 'template-editor', 'convert-page'] },
  { key: 'information', steps: ['information'] },
] as const satisfies WizardStages<EmailWizardStep>;

function stepOf(pathname: string): EmailWizardStep {
  const name = pathname.split('/').filter(Boolean)[2];
  return EMAIL_WIZARD_STEPS.find((step) => step === name) ?? 'select-groups';
}

export default function WizardPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const step = stepOf(useLocation().pathname);
  const permissions = useCampaignPermissions();
  const state = useLoadedCampaign('email', id);
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <Navigate to={emailPaths.list()} replace />;
  if (state?.error) return <ErrorPage code={toApiError(state.error).code} />;
  if (!state?.loaded) return <PageSpinner fullScreen />;
  // Keyed by campaign: another id is another draft, lock and autosave.
  return <Wizard key={id} loaded={state.loaded} canWrite={permissions.canWrite} canExecute={permissions.canExecute} step={step} />;
}

type WizardProps = { loaded: LoadedCampaign; canWrite: boolean; canExecute: boolean; step: EmailWizardStep };

function Wizard({ loaded, canWrite, canExecute, step }: WizardProps) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const draft = useCampaignDraft(loaded, canWrite, step);
  const [isSending, setSending] = useState(false);
  // The import of upload-file, followed on every step: its end refreshes the recipient count.
  const upload = useImportProgress(draft.command.uploadImportId ?? null);
  const isImporting = upload.job !== undefined && upload.running;

  /** Saves, then moves; a failed save keeps the user where the changes are. */
  const go = async (next: EmailWizardStep | 'list') => {
    try {
      await draft.save(step, 'manual');
      navigate(next === 'list' ? emailPaths.list() : emailPaths.step(next, draft.id));
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
    }
  };

  if (step === 'code-editor' || step === 'template-editor') return <ContentEditorStep key={step} draft={draft} step={step} />;

  const content = draft.command.content;
  const stageIndex = stageIndexOf<EmailWizardStep>(STAGES, step);
  // Recipients lead to the message (its editor once there is one), the message to the information.
  const next = stageIndex === 0 ? (content?.html ? editorStepOf(content) : 'select-template') : stageIndex === 1 ? 'information' : null;
  const steps: Record<Exclude<EmailWizardStep, 'code-editor' | 'template-editor'>, ReactNode> = {
    'select-groups': <SelectGroupsStep draft={draft} />,
    'paste-emails': <PasteEmailsStep draft={draft} />,
    'upload-file': <UploadFileStep draft={draft} upload={upload} />,
    'select-template': <SelectTemplateStep draft={draft} />,
    'convert-page': <ConvertPageStep draft={draft} />,
    information: <InformationStep draft={draft} />,
  };

  return (
    <WizardFrame<EmailWizardStep> draft={draft} stages={STAGES} step={step} go={go}>
      {steps[step]}
      <Flex mt="8" pt="5" borderTopWidth="1px" gap="3" align="center" wrap="wrap">
        {stageIndex > 0 && (
          <Button variant="outline" onClick={() => void go(STAGES[stageIndex - 1].steps[0])} data-testid="wizard-back">
            {t('wizard.back')}
          </Button>
        )}
        {stageIndex === 0 && <RecipientCount draft={draft} channel="email" pasted={draft.command.pastedEmails?.length ?? 0} isImporting={isImporting} />}
        <Box flex="1" />
        {next && (
          <Button onClick={() => void go(next)} data-testid="wizard-next">
            {t('wizard.next')}
          </Button>
        )}
        {step === 'information' && canExecute && (
          <Button onClick={() => setSending(true)} disabled={draft.readOnly} data-testid="review-send">
            {t('wizard.reviewSend')}
          </Button>
        )}
      </Flex>
      {isSending && (
        <SendDialog draft={draft} source="information" isImporting={isImporting} onClose={() => setSending(false)}>
          <EmailReview draft={draft} />
        </SendDialog>
      )}
    </WizardFrame>
  );
}
