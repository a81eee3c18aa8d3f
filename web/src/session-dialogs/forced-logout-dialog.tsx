/** The forced-logout dialog (spec §2.5): why the session ended, who can help, then sign in. */
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { signInUrlReturningHere } from '../api/client.js';
import { LockIcon } from '../components/icons.js';
import {
  clearSharedForcedLogout,
  forcedLogoutContact,
  forcedLogoutMessageKey,
  type ForcedLogoutCause,
  type SupportContact,
} from './session-dialog-kinds.js';
import { NoticeDialog } from './notice-dialog.js';

type Props = { cause: ForcedLogoutCause; support: SupportContact | null; onClose(): void };

export function ForcedLogoutDialog({ cause, support, onClose }: Props) {
  const { t } = useTranslation('realtime');
  const contact = forcedLogoutContact(cause);

  const signIn = () => {
    clearSharedForcedLogout();
    onClose();
    window.location.assign(signInUrlReturningHere());
  };

  return (
    <NoticeDialog
      icon={LockIcon}
      tone="red"
      title={t('forcedLogout.title')}
      testId="forced-logout-dialog"
      footer={
        <Button onClick={signIn} data-testid="forced-logout-ok">
          {t('common:action.ok')}
        </Button>
      }
    >
      <Text data-testid="forced-logout-reason" data-reason={cause.reason}>
        {t(forcedLogoutMessageKey(cause))}
      </Text>
      {contact === 'support' ? <SupportContactBox support={support} /> : <Text mt="3" color="fg.muted">{t('forcedLogout.contactTeamAdmin')}</Text>}
    </NoticeDialog>
  );
}

function SupportContactBox({ support }: { support: SupportContact | null }) {
  const { t } = useTranslation('realtime');
  return (
    <Box mt="4" p="3" rounded="md" bg="bg.muted" data-testid="forced-logout-contact">
      <Text fontSize="sm" fontWeight="medium">
        {t('forcedLogout.contactSupport')}
      </Text>
      {support && (
        <Stack gap="0.5" mt="1.5" fontSize="sm">
          <Link href={`mailto:${support.email}`} color="brand.fg">
            {support.email}
          </Link>
          <Link href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} color="brand.fg">
            {support.phone}
          </Link>
        </Stack>
      )}
    </Box>
  );
}
