import { useEffect } from 'react';
import { CloseButton, createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { NOTIFICATION_TOAST_MS, TOAST_MAX } from '../../../shared/constants.js';
import { connectToaster, type NotifyOptions } from './toaster.js';

// Bottom-end keeps the header's menus clickable. A toast lasts the spec's 5 s unless the caller
// asks otherwise (the library's default for success is shorter than a sentence takes to read).
const toaster = createToaster({ placement: 'bottom-end', max: TOAST_MAX, overlap: false, pauseOnPageIdle: true, duration: NOTIFICATION_TOAST_MS });

function show(options: NotifyOptions): void {
  toaster.create({
    type: options.type,
    title: options.title,
    description: options.description,
    ...(options.durationMs === undefined ? {} : { duration: options.durationMs }),
    closable: true,
  });
}

/** The rendered toasts: icon, title, description and a close button. */
export default function ToasterView() {
  useEffect(() => connectToaster(show), []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
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
