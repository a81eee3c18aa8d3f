import { useEffect } from 'react';
import { CloseButton, createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { NOTIFICATION_TOAST_MS, TOAST_MAX } from '../../../shared/constants.js';
import { createToastSlots } from './toast-slots.js';
import { connectToaster, type NotifyOptions } from './toaster.js';

// Bottom-end keeps the header's menus clickable. A toast lasts the spec's 5 s unless the caller
// asks otherwise (the library's default for success is shorter than a sentence takes to read).
// The library's own queue would let sticky toasts hold both slots forever, so toast-slots decides
// what is on screen and `max` is only a backstop.
const toaster = createToaster({ placement: 'bottom-end', max: TOAST_MAX, overlap: false, pauseOnPageIdle: true, duration: NOTIFICATION_TOAST_MS });

const slots = createToastSlots<NotifyOptions>({
  max: TOAST_MAX,
  minShownMs: NOTIFICATION_TOAST_MS,
  isSticky: (options) => options.sticky === true,
  display(options, id) {
    toaster.create({
      id,
      type: options.type,
      title: options.title,
      description: options.description,
      ...(options.sticky ? { duration: Infinity } : options.durationMs === undefined ? {} : { duration: options.durationMs }),
      closable: true,
      onStatusChange: ({ status }) => {
        if (status === 'unmounted') slots.released(id);
      },
    });
  },
  dismiss: (id) => toaster.dismiss(id),
});

/** The rendered toasts: icon, title, description and a close button. */
export default function ToasterView() {
  useEffect(() => connectToaster(slots.show), []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && (
              <Toast.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Toast.CloseTrigger>
            )}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
