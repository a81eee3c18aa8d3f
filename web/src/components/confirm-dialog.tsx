/**
 * A question before an action that cannot be taken back (deleting contacts, a field, a group or an
 * announcement, resetting a bounce). A failed action is shown and leaves the dialog open.
 */
import { useState, type ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';
import type { ErrorEntity } from '../errors/error-messages.js';
import { showError } from './error-dialog.js';
import { FormDialog } from './form-dialog.js';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for deletions. */
  destructive?: boolean;
  /** The action; the dialog closes itself only through onClose, after a success. */
  onConfirm(): Promise<void>;
  onClose(): void;
  entity?: ErrorEntity;
  testId: string;
  /** Defaults to `${testId}-confirm`. */
  confirmTestId?: string;
};

export function ConfirmDialog({ title, children, confirmLabel, destructive, onConfirm, onClose, entity, testId, confirmTestId = `${testId}-confirm` }: Props) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      showError(error, { entity });
      setBusy(false);
    }
  };

  return (
    <FormDialog
      role="alertdialog"
      title={title}
      submitLabel={confirmLabel}
      submitTestId={confirmTestId}
      destructive={destructive}
      busy={busy}
      onSubmit={() => void confirm()}
      onClose={onClose}
      maxW={`${DIALOG_WIDTHS.error}px`}
      testId={testId}
    >
      <Stack gap="3" color="fg.muted">
        {children}
      </Stack>
    </FormDialog>
  );
}
