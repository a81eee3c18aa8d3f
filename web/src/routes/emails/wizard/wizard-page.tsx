/**
 * `/emails/create-email-campaign/<step>?id=` (spec §2.1): the campaign wizard. Recipients
 * (select-groups, paste-emails, upload-file), the message (select-template, code-editor,
 * template-editor, convert-page), then information, which reviews and sends. Each step change
 * saves first (spec §7); the editors are full screen (spec §2.2).
 */
import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_WIZARD_STEPS, type EmailWizardStep } from '../../../../../shared/schemas/campaigns.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { toApiError } from '../../../api/errors.js';
import { useRecipientCount } from '../../../api/groups.js';
import { showError } from '../../../components/error-dialog.js';
import { LockIcon } from '../../../components/icons.js';
import { PageLayout } from '../../../components/page-layout.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { useImportProgress } from '../../contacts/import/import-progress.js';
import { ErrorPage } from '../../error/error-page.js';
import { CampaignStatusBadge } from '../components/campaign-status.js';
import { emailPaths } from '../paths.js';
import { useCampaignPermissions } from '../use-campaign-permissions.js';
import { ContentEditorStep, ConvertPageStep } from './content-steps.js';
import { InformationStep } from './information-step.js';
import { PasteEmailsStep } from './paste-emails-step.js';
import { SelectGroupsStep, EMPTY_SELECTION } from './select-groups-step.js';
import { editorStepOf, SelectTemplateStep } from './select-template-step.js';
import { SendDialog } from './send-dialog.js';
import { UploadFileStep } from './upload-file-step.js';
import { useCampaignDraft, useLoadedCampaign, type CampaignDraft, type LoadedCampaign } from './use-campaign-draft.js';

/** The wizard's stages, each with its steps; the first step of a stage is where it starts. */
const STAGES = [
  { key: 'recipients', steps: ['select-groups', 'paste-emails', 'upload-file'] },
  { key: 'content', steps: ['select-template', 'code-editor', 'template-editor', 'convert-page'] },
  { key: 'information', steps: ['information'] },
] as const satisfies readonly { key: string; steps: readonly EmailWizardStep[] }[];

function stageIndexOf(step: EmailWizardStep): number {
  return STAGES.findIndex((stage) => (stage.steps as readonly EmailWizardStep[]).includes(step));
}

function stepOf(pathname: string): EmailWizardStep {
  const name = pathname.split('/').filter(Boolean)[2];
  return EMAIL_WIZARD_STEPS.find((step) => step === name) ?? 'select-groups';
}

export default function WizardPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const step = stepOf(useLocation().pathname);
  const permissions = useCampaignPermissions();
  const state = useLoadedCampaign(id);
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
  const stageIndex = stageIndexOf(step);
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
    <WizardFrame draft={draft} step={step} go={go}>
      {steps[step]}
      <Flex mt="8" pt="5" borderTopWidth="1px" gap="3" align="center" wrap="wrap">
        {stageIndex > 0 && (
          <Button variant="outline" onClick={() => void go(STAGES[stageIndex - 1].steps[0])} data-testid="wizard-back">
            {t('wizard.back')}
          </Button>
        )}
        {stageIndex === 0 && <RecipientCount draft={draft} isImporting={isImporting} />}
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
      {isSending && <SendDialog draft={draft} isImporting={isImporting} onClose={() => setSending(false)} />}
    </WizardFrame>
  );
}

/** The page around a step: the campaign's name and state, the stages, the step's alternatives, and who may edit. */
function WizardFrame({ draft, step, go, children }: { draft: CampaignDraft; step: EmailWizardStep; go(next: EmailWizardStep | 'list'): Promise<void>; children: ReactNode }) {
  const { t } = useTranslation('campaigns');
  const stageIndex = stageIndexOf(step);
  const alternatives = STAGES[stageIndex].steps;
  return (
    <PageLayout
      title={draft.command.name ?? draft.campaign.name}
      subtitle={<CampaignStatusBadge status={draft.campaign.status} approval={draft.campaign.approval} />}
      actions={<SaveStateText draft={draft} />}
      maxW="6xl"
      testId="campaign-wizard"
    >
      <Link as="button" fontSize="sm" color="fg.muted" mb="4" onClick={() => void go('list')} data-testid="wizard-to-list">
        {t('wizard.toList')}
      </Link>
      <HStack as="ol" gap="2" mb="5" wrap="wrap" aria-label={t('wizard.stages')}>
        {STAGES.map((stage, index) => (
          <HStack as="li" key={stage.key} gap="2">
            {index > 0 && <Text color="fg.subtle">›</Text>}
            <Button
              size="sm"
              variant={index === stageIndex ? 'subtle' : 'ghost'}
              aria-current={index === stageIndex ? 'step' : undefined}
              onClick={() => index !== stageIndex && void go(stage.steps[0])}
              data-testid={`stage-${stage.key}`}
            >
              {index + 1}. {t(`wizard.stage.${stage.key}`)}
            </Button>
          </HStack>
        ))}
      </HStack>
      {alternatives.length > 1 && (
        <HStack gap="1" mb="5" borderBottomWidth="1px" pb="2" wrap="wrap" role="group" aria-label={t(`wizard.stage.${STAGES[stageIndex].key}`)}>
          {alternatives.map((other) => (
            <Button key={other} size="sm" variant={other === step ? 'solid' : 'ghost'} aria-pressed={other === step} onClick={() => other !== step && void go(other)} data-testid={`step-${other}`}>
              {t(`wizard.step.${other}`)}
            </Button>
          ))}
        </HStack>
      )}
      <ReadOnlyNotice draft={draft} />
      {children}
    </PageLayout>
  );
}

/** Saved, unsaved, saving, or a failed save (kept locally and tried again). */
function SaveStateText({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  if (draft.readOnly) return null;
  return (
    <HStack gap="2" fontSize="sm" color={draft.saveState === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="wizard-save-state" data-state={draft.saveState}>
      {draft.saveState === 'saving' && <Spinner size="xs" />}
      <Text>{t(`wizard.saveState.${draft.saveState}`)}</Text>
    </HStack>
  );
}

/** Why nothing can be changed: someone else is editing, the campaign is past editing, or the user may only read. */
function ReadOnlyNotice({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const { lock } = draft;
  if (!draft.readOnly || lock.status === 'taking') return null;
  const text = lock.status === 'refused' ? (lock.lockedBy ? t('wizard.lockedBy', { name: lock.lockedBy }) : t('wizard.lockRefused')) : t('wizard.readOnly');
  return (
    <HStack mb="5" gap="3" p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" data-testid="wizard-read-only">
      <LockIcon boxSize="4" />
      <Text flex="1">{text}</Text>
      {draft.campaign.status !== 'draft' && (
        <Link asChild fontWeight="medium">
          <RouterLink to={emailPaths.report(draft.id)}>{t('action.report')}</RouterLink>
        </Link>
      )}
    </HStack>
  );
}

/** How many would receive it: the deduplicated count of the selection, plus the pasted addresses. */
function RecipientCount({ draft, isImporting }: { draft: CampaignDraft; isImporting: boolean }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const selection = draft.command.selection ?? EMPTY_SELECTION;
  const { count, isLoading } = useRecipientCount('email', selection);
  const pasted = draft.command.pastedEmails?.length ?? 0;
  return (
    <HStack gap="2" fontSize="sm" data-testid="recipient-count" data-count={count === undefined ? undefined : count + pasted}>
      {isLoading && <Spinner size="xs" />}
      {count !== undefined && (
        <Badge size="lg" variant="subtle" colorPalette="brand">
          {t('wizard.recipients', { count: count + pasted, n: number(count + pasted) })}
        </Badge>
      )}
      {isImporting && (
        <Text color="fg.muted" data-testid="recipient-count-importing">
          {t('upload.stillImporting')}
        </Text>
      )}
    </HStack>
  );
}
