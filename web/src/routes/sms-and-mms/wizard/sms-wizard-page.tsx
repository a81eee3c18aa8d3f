/**
 * `/sms-and-mms/create-sms-campaign/<step>?id=` and `/sms-and-mms/create-mms-campaign/<step>?id=`
 * (spec §2.1): the SMS and MMS wizards. Recipients as for email (select-groups, upload-file, on the
 * sms channel) or pasted numbers; then the SMS's name and sender ID and its template, or the MMS's
 * name and subject; then the message, in a full-screen editor (spec §2.2) that reviews and sends.
 * Each step change saves first (spec §7), as in the email wizard, whose frame and steps these reuse.
 */
import type { ReactNode } from 'react';
import { Box, Button, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { MMS_WIZARD_STEPS, SMS_WIZARD_STEPS, type SmsWizardStep, type TSmsCampaignCommand } from '../../../../../shared/schemas/campaigns.js';
import { toApiError } from '../../../api/errors.js';
import { showError } from '../../../components/error-dialog.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { useImportProgress } from '../../../components/contact-import/import-progress.js';
import { campaignPaths, wizardStepPath } from '../../../paths/campaigns.js';
import { useCampaignPermissions } from '../../../components/campaigns/use-campaign-permissions.js';
import { SelectGroupsStep } from '../../../components/campaign-wizard/select-groups-step.js';
import { UploadFileStep } from '../../../components/campaign-wizard/upload-file-step.js';
import { useCampaignDraft, useLoadedCampaign, type LoadedCampaign } from '../../../components/campaign-wizard/use-campaign-draft.js';
import { RecipientCount, stageIndexOf, WizardFrame, type WizardStages } from '../../../components/campaign-wizard/wizard-frame.js';
import { ErrorPage } from '../../../components/error-page.js';
import { EnterMessageStep } from './enter-message-step.js';
import { MmsInformationStep } from './mms-information-step.js';
import { PasteNumbersStep } from './paste-numbers-step.js';
import { SenderIdStep } from './sender-id-step.js';
import type { SmsDraft } from './sms-draft.js';
import { SmsTemplateStep } from './sms-template-step.js';

type Channel = 'sms' | 'mms';

/** Each wizard's stages (spec §2.1 order); enter-message, the last, is full screen. */
const STAGES: Record<Channel, WizardStages<SmsWizardStep>> = {
  sms: [
    { key: 'recipients', steps: ['select-groups', 'upload-file', 'paste-numbers'] },
    { key: 'sender', steps: ['sender-id'] },
    { key: 'message', steps: ['select-template', 'enter-message'] },
  ],
  mms: [
    { key: 'recipients', steps: ['select-groups', 'upload-file', 'paste-numbers'] },
    { key: 'information', steps: ['information'] },
    { key: 'message', steps: ['enter-message'] },
  ],
};

const STEPS: Record<Channel, readonly SmsWizardStep[]> = { sms: SMS_WIZARD_STEPS, mms: MMS_WIZARD_STEPS };

/** The step a user goes on to from each stage: an SMS with a message skips the template choice. */
function nextStep(channel: Channel, stageIndex: number, draft: SmsDraft): SmsWizardStep | null {
  if (stageIndex === 0) return channel === 'mms' ? 'information' : 'sender-id';
  if (stageIndex === 1) return channel === 'mms' || draft.command.message ? 'enter-message' : 'select-template';
  return channel === 'sms' ? 'enter-message' : null;
}

export default function SmsWizardPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [, wizard, stepName] = useLocation().pathname.split('/').filter(Boolean);
  const channel: Channel = wizard === 'create-mms-campaign' ? 'mms' : 'sms';
  const step = STEPS[channel].find((name) => name === stepName) ?? 'select-groups';
  const permissions = useCampaignPermissions();
  const state = useLoadedCampaign<TSmsCampaignCommand>('sms', id);
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <Navigate to={campaignPaths('sms').list()} replace />;
  if (state?.error) return <ErrorPage code={toApiError(state.error).code} />;
  if (!state?.loaded) return <PageSpinner fullScreen />;
  // A campaign opened in the other wizard (an MMS under create-sms-campaign) moves to its own.
  const isMms = state.loaded.response.type === 'MMS';
  if (isMms !== (channel === 'mms')) return <Navigate to={wizardStepPath(state.loaded.response.type, 'select-groups', id)} replace />;
  // Keyed by campaign: another id is another draft, lock and autosave.
  return <SmsWizard key={id} loaded={state.loaded} channel={channel} canWrite={permissions.canWrite} canExecute={permissions.canExecute} step={step} />;
}

type WizardProps = { loaded: LoadedCampaign<TSmsCampaignCommand>; channel: Channel; canWrite: boolean; canExecute: boolean; step: SmsWizardStep };

function SmsWizard({ loaded, channel, canWrite, canExecute, step }: WizardProps) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const draft = useCampaignDraft(loaded, canWrite, step);
  // The import of upload-file, followed on every step: its end refreshes the recipient count.
  const upload = useImportProgress(draft.command.uploadImportId ?? null);
  const isImporting = upload.job !== undefined && upload.running;

  /** Saves, then moves; a failed save keeps the user where the changes are. */
  const go = async (next: SmsWizardStep | 'list') => {
    try {
      await draft.save(step, 'manual');
      navigate(next === 'list' ? campaignPaths('sms').list() : wizardStepPath(draft.type, next, draft.id));
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
    }
  };

  const stages = STAGES[channel];
  if (step === 'enter-message') {
    // Back from the editor is the step before it: the SMS's templates, the MMS's information.
    const previous = channel === 'sms' ? 'select-template' : 'information';
    return <EnterMessageStep draft={draft} channel={channel} canExecute={canExecute} isImporting={isImporting} backTo={wizardStepPath(draft.type, previous, draft.id)} />;
  }

  const stageIndex = stageIndexOf(stages, step);
  const next = nextStep(channel, stageIndex, draft);
  const steps: Record<Exclude<SmsWizardStep, 'enter-message'>, ReactNode> = {
    'select-groups': <SelectGroupsStep draft={draft} />,
    'upload-file': <UploadFileStep draft={draft} upload={upload} />,
    'paste-numbers': <PasteNumbersStep draft={draft} />,
    'sender-id': <SenderIdStep draft={draft} />,
    'select-template': <SmsTemplateStep draft={draft} />,
    information: <MmsInformationStep draft={draft} />,
  };

  return (
    <WizardFrame<SmsWizardStep> draft={draft} stages={stages} step={step} go={go}>
      {steps[step]}
      <Flex mt="8" pt="5" borderTopWidth="1px" gap="3" align="center" wrap="wrap">
        {stageIndex > 0 && (
          <Button variant="outline" onClick={() => void go(stages[stageIndex - 1].steps[0])} data-testid="wizard-back">
            {t('wizard.back')}
          </Button>
        )}
        {stageIndex === 0 && <RecipientCount draft={draft} channel={channel} pasted={draft.command.pastedNumbers?.length ?? 0} isImporting={isImporting} />}
        <Box flex="1" />
        {next && (
          <Button onClick={() => void go(next)} data-testid="wizard-next">
            {t('wizard.next')}
          </Button>
        )}
      </Flex>
    </WizardFrame>
  );
}
