import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TLoginAlert } from '../../../shared/schemas/session.js';
import { LoginAlertDetails } from '../session-dialogs/login-alert-details.js';

/** After an idle logout, the latest usage of the session (spec §2.5 auto-logout notice), when known. */
export type IdleDialogState = { kind: 'reminder'; countdown: string } | { kind: 'loggedOut'; latestUsage: TLoginAlert | null };

type Props = { state: IdleDialogState; onLogout(): void; onRemain(): void; onSignIn(): void };

/** The idle reminder with its countdown, then the logged-out notice (spec §2.5). */
export default function IdleDialog({ state, onLogout, onRemain, onSignIn }: Props) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root role="alertdialog" open closeOnEscape={false} closeOnInteractOutside={false} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px" data-testid="idle-dialog" data-state-kind={state.kind}>
            {state.kind === 'reminder' ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('idle.reminder.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{t('idle.reminder.message')}</Text>
                  <Text
                    mt="4"
                    fontSize="4xl"
                    fontWeight="semibold"
                    textAlign="center"
                    fontVariantNumeric="tabular-nums"
                    data-testid="idle-countdown"
                    aria-live="polite"
                  >
                    {state.countdown}
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onLogout} data-testid="idle-logout">
                    {t('idle.reminder.logoutNow')}
                  </Button>
                  <Button onClick={onRemain} data-testid="idle-remain">
                    {t('idle.reminder.remain')}
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('idle.loggedOut.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{t('idle.loggedOut.message')}</Text>
                  {state.latestUsage && (
                    <>
                      <Text mt="4" fontWeight="medium">
                        {t('idle.loggedOut.latestUsage')}
                      </Text>
                      <LoginAlertDetails alert={state.latestUsage} />
                    </>
                  )}
                </Dialog.Body>
                <Dialog.Footer>
                  <Button onClick={onSignIn} data-testid="idle-sign-in">
                    {t('idle.loggedOut.signIn')}
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
