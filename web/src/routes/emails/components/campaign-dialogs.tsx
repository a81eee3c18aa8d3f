/** The list's dialogs: create (name, then the wizard), rename, tags, delete and stop (confirmed). */
import { useState } from 'react';
import { Field, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CAMPAIGN_LIMITS, normalizeTags } from '../../../../../shared/domain/campaigns.js';
import { createCampaign, deleteCampaigns, renameCampaign, tagCampaign, type TCampaignSummary } from '../../../api/campaigns.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { showError } from '../../../components/error-dialog.js';
import { FormDialog } from '../../../components/form-dialog.js';
import { notify } from '../../../components/toaster.js';
import { emailPaths } from '../paths.js';
import { useCampaignAction } from '../use-campaign-action.js';
import { CampaignNameField, useCampaignName } from './campaign-name-field.js';

type DialogProps = { campaign: TCampaignSummary; onClose(): void };

/** Names a new campaign (unique, check-title first), creates the draft and opens its first step. */
export function CreateCampaignDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const name = useCampaignName();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wanted = name.check();
    if (wanted === null) return;
    setBusy(true);
    try {
      if (!(await name.checkUnique())) return;
      const id = await createCampaign(wanted);
      navigate(emailPaths.step('select-groups', id));
    } catch (failure) {
      name.fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('create.title')} submitLabel={t('create.submit')} submitTestId="create-campaign-confirm" busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="create-campaign-dialog">
      <CampaignNameField state={name} autoFocus />
    </FormDialog>
  );
}

export function RenameCampaignDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation('campaigns');
  const name = useCampaignName(campaign.name);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wanted = name.check();
    if (wanted === null) return;
    if (wanted === campaign.name) return onClose();
    setBusy(true);
    try {
      const renamed = await renameCampaign(campaign.id, wanted);
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
  const [text, setText] = useState(campaign.tags.join(', '));
  const [busy, setBusy] = useState(false);
  const tags = normalizeTags(text.split(','));
  const problem = tags.length > CAMPAIGN_LIMITS.tags ? t('tags.tooMany', { max: CAMPAIGN_LIMITS.tags }) : tags.some((tag) => tag.length > CAMPAIGN_LIMITS.tagLength) ? t('tags.tooLong', { max: CAMPAIGN_LIMITS.tagLength }) : null;

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await tagCampaign(campaign.id, tags);
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
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('action.delete')}
      destructive
      entity="campaign"
      testId="delete-campaign-dialog"
      onClose={onClose}
      onConfirm={async () => {
        await deleteCampaigns([campaign.id]);
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
