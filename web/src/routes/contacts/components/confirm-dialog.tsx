/**
 * A question before an action that cannot be taken back (deleting contacts or a field, resetting
 * a bounce): Cancel and a confirm button that shows progress and keeps the dialog open on failure.
 */
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../../../shared/constants.js';
import { showError } from '../../../components/error-dialog.js';
import type { ErrorEntity } from '../../../errors/error-messages.js';

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
};

export function ConfirmDialog({ title, children, confirmLabel, destructive, onConfirm, onClose, entity, testId }: Props) {
  const { t } = useTranslation('contacts');
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
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => !details.open && !busy && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.error}px`} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" color="fg.muted">
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('action.cancel')}
              </Button>
              <Button colorPalette={destructive ? 'red' : undefined} onClick={() => void confirm()} loading={busy} data-testid={`${testId}-confirm`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
