/**
 * What can be done to the campaign from its report (spec §4): pause, resume, stop (asked first),
 * recover, cancel a schedule, deactivate a recurring one, and, for an approver when the report
 * says so, approve or reject. Each is shown only when refusalOf allows it, as the API decides.
 */
import { useState } from 'react';
import { Button, Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../../../shared/domain/campaign-states.js';
import type { TCampaignReportState } from '../../../../shared/schemas/campaigns.js';
import { FormDialog } from '../form-dialog.js';
import { StopCampaignDialog } from '../campaigns/campaign-dialogs.js';
import { useCampaignAction } from '../campaigns/use-campaign-action.js';
import type { CampaignPermissions } from '../campaigns/use-campaign-permissions.js';

const STATE_ACTIONS = ['pause', 'resume', 'stop', 'recover', 'cancel', 'deactivateRecurring'] as const;

type Props = { campaignId: string; state: TCampaignReportState; permissions: CampaignPermissions };

export function ReportActions({ campaignId, state, permissions }: Props) {
  const { t } = useTranslation('campaigns');
  const act = useCampaignAction();
  const [isStopping, setStopping] = useState(false);
  const [isRejecting, setRejecting] = useState(false);
  if (!permissions.canExecute) return null;
  const campaign = { id: campaignId, name: state.title };
  const view = { status: state.status, approval: state.approval, recurring: state.mode === 'recurring' };
  const allowed = STATE_ACTIONS.filter((action) => refusalOf(action, view) === null);

  return (
    <>
      {allowed.map((action) => (
        <Button
          key={action}
          size="sm"
          variant="outline"
          colorPalette={action === 'stop' ? 'red' : undefined}
          onClick={() => (action === 'stop' ? setStopping(true) : void act(campaign, { action }))}
          data-testid={`report-${action}`}
        >
          {t(`action.${action}`)}
        </Button>
      ))}
      {state.isShowAcceptOrRejectApproveButton && (
        <>
          <Button size="sm" colorPalette="green" onClick={() => void act(campaign, { action: 'approve' })} data-testid="report-approve">
            {t('action.approve')}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRejecting(true)} data-testid="report-reject">
            {t('action.reject')}
          </Button>
        </>
      )}
      {isStopping && <StopCampaignDialog campaign={campaign} onClose={() => setStopping(false)} />}
      {isRejecting && <RejectDialog campaign={campaign} onClose={() => setRejecting(false)} />}
    </>
  );
}

/** Rejecting returns the campaign to its author as a draft, with the approver's reason. */
function RejectDialog({ campaign, onClose }: { campaign: { id: string; name: string }; onClose(): void }) {
  const { t } = useTranslation('campaigns');
  const act = useCampaignAction();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const changed = await act(campaign, { action: 'reject', reason: reason.trim() || undefined });
    if (changed) onClose();
    else setBusy(false);
  };
  return (
    <FormDialog title={t('reject.title')} submitLabel={t('action.reject')} submitTestId="reject-confirm" destructive busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="reject-dialog">
      <Field.Root>
        <Field.Label>{t('reject.reason')}</Field.Label>
        <Input value={reason} maxLength={500} onChange={(event) => setReason(event.currentTarget.value)} autoFocus data-testid="reject-reason" />
      </Field.Root>
    </FormDialog>
  );
}
