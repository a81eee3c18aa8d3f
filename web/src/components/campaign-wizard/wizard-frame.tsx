/**
 * What every campaign wizard shows around its steps (email, SMS, MMS): the campaign's name and
 * state, the save state, the stages and the current stage's alternative steps, why nothing can be
 * changed, and the recipient count. Each wizard names its stages and steps; texts are keyed by them.
 */
import type { ReactNode } from 'react';
import { Badge, Button, HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { CampaignChannel } from '../../../../shared/domain/campaign-channels.js';
import type { TCampaignCommand } from '../../../../shared/schemas/campaigns.js';
import { useRecipientCount } from '../../api/groups.js';
import { LockIcon } from '../icons.js';
import { PageLayout } from '../page-layout.js';
import { useFormatters } from '../../format/use-formatters.js';
import { CampaignStatusBadge } from '../campaigns/campaign-status.js';
import { campaignPaths } from '../../paths/campaigns.js';
import { EMPTY_SELECTION } from './select-groups-step.js';
import type { CampaignDraft, RecipientsDraft } from './use-campaign-draft.js';

/** A wizard's stages, each with its steps; the first step of a stage is where it starts. */
export type WizardStages<S extends string> = readonly { key: string; steps: readonly S[] }[];

export function stageIndexOf<S extends string>(stages: WizardStages<S>, step: S): number {
  return stages.findIndex((stage) => stage.steps.includes(step));
}

type FrameProps<S extends string> = {
  draft: CampaignDraft<TCampaignCommand>;
  stages: WizardStages<S>;
  step: S;
  go(next: S | 'list'): Promise<void>;
  children: ReactNode;
};

/** The page around a step: the campaign's name and state, the stages, the step's alternatives, and who may edit. */
export function WizardFrame<S extends string>({ draft, stages, step, go, children }: FrameProps<S>) {
  const { t } = useTranslation('campaigns');
  const stageIndex = stageIndexOf(stages, step);
  const alternatives = stages[stageIndex].steps;
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
        {stages.map((stage, index) => (
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
        <HStack gap="1" mb="5" borderBottomWidth="1px" pb="2" wrap="wrap" role="group" aria-label={t(`wizard.stage.${stages[stageIndex].key}`)}>
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
export function SaveStateText({ draft }: { draft: CampaignDraft<TCampaignCommand> }) {
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
function ReadOnlyNotice({ draft }: { draft: CampaignDraft<TCampaignCommand> }) {
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
          <RouterLink to={campaignPaths(draft.family).report(draft.id)}>{t('action.report')}</RouterLink>
        </Link>
      )}
    </HStack>
  );
}

/**
 * How many would receive it on `channel`: the deduplicated count of the selection (contacts with an
 * address, or a mobile number, for it), plus the `pasted` addresses or numbers.
 */
export function RecipientCount({ draft, channel, pasted, isImporting }: { draft: RecipientsDraft; channel: CampaignChannel; pasted: number; isImporting: boolean }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const selection = draft.command.selection ?? EMPTY_SELECTION;
  const { count, isLoading } = useRecipientCount(channel === 'email' ? 'email' : 'sms', selection);
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
