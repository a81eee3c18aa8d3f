import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';
import { describeError } from '../errors/error-messages.js';
import type { QueuedError } from './error-dialog.js';

/** The dialog itself: title, message, the code when it adds something, and OK (spec §2.5). */
export default function ErrorDialogView({ current, onDismiss }: { current: QueuedError | undefined; onDismiss(id: number): void }) {
  const { t } = useTranslation('errors');
  const description = current ? describeError(current.error, t, current.entity) : null;

  return (
    <Dialog.Root
      role="alertdialog"
      open={description !== null}
      onOpenChange={(details) => {
        if (!details.open && current) onDismiss(current.id);
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.error}px`} data-testid="error-dialog">
            <Dialog.Header>
              <Dialog.Title>{description?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid="error-message">{description?.message}</Text>
              {description?.code && (
                <Text mt="3" fontSize="sm" color="fg.muted" data-testid="error-code">
                  {t('code', { code: description.code })}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={() => current && onDismiss(current.id)}>{t('common:action.ok')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
