/** The list's dialogs: create (SMS or MMS for that area, a name, then the wizard), rename, tags, delete and stop (confirmed). */
import { useState } from 'react';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type CampaignType } from '../../../../shared/domain/campaign-channels.js';
import { CAMPAIGN_LIMITS, normalizeTags } from '../../../../shared/domain/campaign-fields.js';
import { createCampaign, deleteCampaigns, renameCampaign, tagCampaign, type TCampaignSummary } from '../../api/campaigns.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { notify } from '../toaster.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { useCampaignFamily } from './campaign-family.js';
import { wizardStepPath } from '../../paths/campaigns.js';
import { useCampaignAction } from './use-campaign-action.js';
import { CampaignNameField, useCampaignName } from './campaign-name-field.js';

type DialogProps = { campaign: TCampaignSummary; onClose(): void };

/** The types a new campaign of each area can be: an email, or an SMS or MMS. */
const NEW_CAMPAIGN_TYPES = { email: ['Email'], sms: ['SMS', 'MMS'] } as const satisfies Record<string, readonly CampaignType[]>;

/** Names a new campaign (unique, check-title first), creates the draft and opens its first step; the SMS area asks SMS or MMS first. */
export function CreateCampaignDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const family = useCampaignFamily();
  const types: readonly CampaignType[] = NEW_CAMPAIGN_TYPES[family];
  const [type, setType] = useState<CampaignType>(types[0]);
  const name = useCampaignName();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wanted = name.check();
    if (wanted === null) return;
    setBusy(true);
    try {
      if (!(await name.checkUnique())) return;
      const id = await createCampaign(wanted, type);
      navigate(wizardStepPath(type, 'select-groups', id));
    } catch (failure) {
      name.fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t(family === 'sms' ? 'sms.create.title' : 'create.title')} submitLabel={t('create.submit')} submitTestId="create-campaign-confirm" busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="create-campaign-dialog">
      <Stack gap="4">
        {types.length > 1 && (
          <ChoiceButtons<CampaignType> value={type} choices={types.map((value) => ({ value, label: t(`create.type.${value}`) }))} onChange={setType} label={t('create.typeLabel')} testId="campaign-type" />
        )}
        <CampaignNameField state={name} autoFocus />
      </Stack>
    </FormDialog>
  );
}

export function RenameCampaignDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation('campaigns');
  const family = useCampaignFamily();
  const name = useCampaignName(campaign.name);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wanted = name.check();
    if (wanted === null) return;
    if (wanted === campaign.name) return onClose();
    setBusy(true);
    try {
      const renamed = await renameCampaign(family, campaign.id, wanted);
      notify({ type: 'success', title: t('toast.renamed', { name: renamed.name }) });
      onClose();
    } catch (failure) {
      name.fail(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('rename.title')} submitLabel={t('action.rename')} submitTestId="rename-campaign-confirm" busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="rename-campaign-dialog">
      <CampaignNameField state={name} campaignId={campaign.id} autoFocus />
    </FormDialog>
  );
}

/** Tags as one comma-separated field: trimmed, repeats dropped, at most CAMPAIGN_LIMITS.tags. */
export function TagCampaignDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation('campaigns');
  const family = useCampaignFamily();
  const [text, setText] = useState(campaign.tags.join(', '));
  const [busy, setBusy] = useState(false);
  const tags = normalizeTags(text.split(','));
  const problem = tags.length > CAMPAIGN_LIMITS.tags ? t('tags.tooMany', { max: CAMPAIGN_LIMITS.tags }) : tags.some((tag) => tag.length > CAMPAIGN_LIMITS.tagLength) ? t('tags.tooLong', { max: CAMPAIGN_LIMITS.tagLength }) : null;

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await tagCampaign(family, campaign.id, tags);
      notify({ type: 'success', title: t('toast.tagged', { name: campaign.name }) });
      onClose();
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('tags.title')} submitLabel={t('action.save')} submitTestId="tag-campaign-confirm" canSubmit={!problem} busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="tag-campaign-dialog">
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t('tags.label')}</Field.Label>
        <Input value={text} onChange={(event) => setText(event.currentTarget.value)} placeholder={t('tags.placeholder')} autoFocus data-testid="campaign-tags-input" />
        {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t('tags.hint')}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}

export function DeleteCampaignDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation('campaigns');
  const family = useCampaignFamily();
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('action.delete')}
      destructive
      entity="campaign"
      testId="delete-campaign-dialog"
      onClose={onClose}
      onConfirm={async () => {
        await deleteCampaigns(family, [campaign.id]);
        notify({ type: 'success', title: t('toast.deleted', { name: campaign.name }) });
        onClose();
      }}
    >
      <Text>{t('delete.text', { name: campaign.name })}</Text>
    </ConfirmDialog>
  );
}

/** Stopping ends the send; what was not sent yet is sent only if the campaign is recovered. */
export function StopCampaignDialog({ campaign, onClose }: { campaign: Pick<TCampaignSummary, 'id' | 'name'>; onClose(): void }) {
  const { t } = useTranslation('campaigns');
  const act = useCampaignAction();
  return (
    <ConfirmDialog
      title={t('stop.title')}
      confirmLabel={t('action.stop')}
      destructive
      entity="campaign"
      testId="stop-campaign-dialog"
      onClose={onClose}
      onConfirm={async () => {
        await act(campaign, { action: 'stop' }, { rethrow: true });
        onClose();
      }}
    >
      <Text>{t('stop.text', { name: campaign.name })}</Text>
    </ConfirmDialog>
  );
}
