/** A message with OK only (billing §2: 480 wide), for what the user can only take note of. */
import type { ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';

export function MessageDialog({ title, children, onClose, testId }: { title: string; children: ReactNode; onClose(): void; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.error}px`} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose} data-testid={`${testId}-ok`}>
                {t('action.ok')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
