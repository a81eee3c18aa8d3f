/** Support's decisions that need more than a click: a rejection's reason, a re-verification's end time. */
import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { decideSenderId, type SenderIdDecision, type TAdminSenderId } from '../../api/sms-settings.js';
import { showError } from '../../components/error-dialog.js';
import { FormDialog } from '../../components/form-dialog.js';
import { toLocalInput } from './announcement-form.js';

export type DialogDecision = 'reject' | 'force-reverify';

/** A rejection's reason is as long as the API takes (ZSenderIdRejectRequest). */
const REASON_MAX = 500;
/** A re-verification defaults to two weeks from now. */
const DEFAULT_REVERIFY_DAYS = 14;

type Props = { senderId: TAdminSenderId; decision: DialogDecision; onClose(): void; onDecided(): void };

export function SenderIdDecisionDialog({ senderId, decision, onClose, onDecided }: Props) {
  const { t } = useTranslation('sms-settings');
  const [value, setValue] = useState(() =>
    decision === 'reject' ? '' : toLocalInput(new Date(Date.now() + DEFAULT_REVERIFY_DAYS * 86_400_000).toISOString()),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = decisionProblem(decision, value, Date.now());
  const error = touched && problem ? t(`admin.${decision}.${problem}`) : undefined;

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    const body: SenderIdDecision =
      decision === 'reject' ? { action: 'reject', reason: value.trim() } : { action: 'force-reverify', senderIdForceReverifyEndTime: new Date(value).toISOString() };
    setBusy(true);
    try {
      await decideSenderId(senderId, body);
      onDecided();
    } catch (failure) {
      showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(`admin.${decision}.title`, { senderId: senderId.senderId })}
      submitLabel={t(`admin.${decision}.submit`)}
      submitTestId="admin-sender-id-decision-submit"
      destructive={decision === 'reject'}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="md"
      testId="admin-sender-id-decision"
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{t(`admin.${decision}.label`)}</Field.Label>
        <Input
          type={decision === 'reject' ? 'text' : 'datetime-local'}
          autoFocus
          maxLength={decision === 'reject' ? REASON_MAX : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-testid="admin-sender-id-decision-input"
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t(`admin.${decision}.hint`)}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}

/** 'required' for an empty reason or time, 'past' for an end time not ahead; null when it can be sent. */
function decisionProblem(decision: DialogDecision, value: string, now: number): 'required' | 'past' | null {
  if (decision === 'reject') return value.trim() === '' ? 'required' : null;
  const time = new Date(value).getTime();
  if (!value || Number.isNaN(time)) return 'required';
  return time > now ? null : 'past';
}
