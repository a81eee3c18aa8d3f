/**
 * The verify dialog (user menu, dashboard, unverified reminder, verify warnings): the same flow
 * as the force-verify page through useVerification, without forcing and without changing address.
 */
import { Button, Center, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../api/user.js';
import { EmailIcon } from '../components/icons.js';
import { BounceAlert } from './components/bounce-alert.js';
import { VerifyCodeForm } from './components/verify-code-form.js';
import { needsVerification } from './force-verify-rules.js';
import { useVerification } from './use-verification.js';

type VerifyAccountDialogProps = { open: boolean; onClose: () => void };

function VerifyFlow({ login, onClose }: { login: string; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const verification = useVerification({ login, force: false, onVerified: onClose });

  if (verification.mode === 'verify') {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>{t('verify.code.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb="6">
          <Stack gap="5">
            {verification.bounce && <BounceAlert bounce={verification.bounce} email={verification.email} />}
            <VerifyCodeForm verification={verification} />
          </Stack>
        </Dialog.Body>
      </>
    );
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('verify.dialogTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">{t('verify.reason.unverified')}</Text>
          <HStack gap="3" px="4" py="3" borderWidth="1px" borderRadius="lg" bg="bg.subtle">
            <EmailIcon boxSize="5" color="fg.muted" />
            <Text fontWeight="medium" truncate>
              {login}
            </Text>
          </HStack>
          {verification.bounce && <BounceAlert bounce={verification.bounce} email={login} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('verify.cancel')}
        </Button>
        <Button colorPalette="brand" loading={verification.isSending} onClick={() => void verification.sendCode()}>
          {t('verify.sendCode')}
        </Button>
      </Dialog.Footer>
    </>
  );
}

function DialogContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { user } = useUserInfo();

  if (!user) {
    return (
      <Center py="16">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  if (!needsVerification(user)) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>{t('verify.dialogTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text>{t('verify.alreadyVerified', { email: user.login })}</Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button colorPalette="brand" onClick={onClose}>
            {t('verify.close')}
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  return <VerifyFlow login={user.login} onClose={onClose} />;
}

export default function VerifyAccountDialog({ open, onClose }: VerifyAccountDialogProps) {
  const { t } = useTranslation('auth');

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="md" data-testid="verify-account-dialog">
            <DialogContent onClose={onClose} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('verify.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
