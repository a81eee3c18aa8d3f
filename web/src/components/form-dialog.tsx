/**
 * A dialog around one form: the title (and what belongs under it), the form, then Cancel and the
 * submit button, which shows progress. While `busy`, nothing closes the dialog, so a save or a
 * deletion is never cut off halfway.
 */
import { useId, type ReactNode } from 'react';
import { Button, Dialog, HStack, Portal, type DialogRootProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  /** Below the title: a subtitle, a search box. */
  header?: ReactNode;
  submitLabel: string;
  submitTestId: string;
  /** False keeps the submit button disabled (nothing chosen yet). */
  canSubmit?: boolean;
  /** A red submit button, for deletions. */
  destructive?: boolean;
  /** Beside the buttons: what the submit button will act on. */
  footerNote?: ReactNode;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  size?: DialogRootProps['size'];
  maxW?: string;
  role?: DialogRootProps['role'];
  /** The body's content runs edge to edge (a table). */
  flush?: boolean;
  testId: string;
  children: ReactNode;
};

export function FormDialog(props: Props) {
  const { title, header, submitLabel, submitTestId, canSubmit = true, destructive, footerNote, busy, onSubmit, onClose, size, maxW, role, flush, testId, children } = props;
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <Dialog.Root role={role} open onOpenChange={(details) => !details.open && !busy && onClose()} size={size} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={maxW} data-testid={testId}>
            <Dialog.Header flexDirection={header ? 'column' : undefined} alignItems={header ? 'stretch' : undefined} gap={header ? '2' : undefined}>
              <Dialog.Title>{title}</Dialog.Title>
              {header}
            </Dialog.Header>
            <Dialog.Body px={flush ? '0' : undefined} py={flush ? '0' : undefined}>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit();
                }}
              >
                {children}
              </form>
            </Dialog.Body>
            <Dialog.Footer justifyContent={footerNote ? 'space-between' : undefined}>
              {footerNote}
              <HStack gap="3">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {t('action.cancel')}
                </Button>
                <Button type="submit" form={formId} colorPalette={destructive ? 'red' : undefined} disabled={!canSubmit} loading={busy} data-testid={submitTestId}>
                  {submitLabel}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
