/** The frame the session dialogs share: an icon, a title, the body and one footer, centred. */
import { useRef, type ReactNode } from 'react';
import { Dialog, Flex, Portal, type IconProps } from '@chakra-ui/react';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';

type Props = {
  icon: (props: IconProps) => ReactNode;
  tone: 'brand' | 'red' | 'orange';
  title: string;
  /** Dismissable with Escape and a click outside; the notices the user must acknowledge are not. */
  onDismiss?(): void;
  /** Defaults to the error dialog's width, the size of every small notice. */
  width?: number;
  testId: string;
  children: ReactNode;
  footer: ReactNode;
};

export function NoticeDialog({ icon: Icon, tone, title, onDismiss, width = DIALOG_WIDTHS.error, testId, children, footer }: Props) {
  const footerRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      role={onDismiss ? 'dialog' : 'alertdialog'}
      open
      onOpenChange={(details) => {
        if (!details.open) onDismiss?.();
      }}
      closeOnEscape={onDismiss !== undefined}
      closeOnInteractOutside={onDismiss !== undefined}
      placement="center"
      // The answer (OK) takes the focus, not the first link of the text.
      initialFocusEl={() => footerRef.current?.querySelector('button') ?? null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${width}px`} data-testid={testId}>
            <Dialog.Header gap="3" alignItems="center">
              <Flex boxSize="10" flexShrink="0" rounded="full" align="center" justify="center" bg={`${tone}.subtle`} color={`${tone}.fg`}>
                <Icon boxSize="5" />
              </Flex>
              <Dialog.Title fontSize="lg">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer ref={footerRef}>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
