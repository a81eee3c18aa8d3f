/**
 * 'User Connection Changed' / 'User Connection Removed' (spec §2.5): the access this user was
 * using changed or ended; OK takes them back to their own account with a fresh start.
 */
import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import { returnToOwnAccount } from '../api/session.js';
import { showError } from '../components/error-dialog.js';
import { LinkIcon } from '../components/icons.js';
import { getClaims } from '../session/session.js';
import { NoticeDialog } from './notice-dialog.js';

async function backToOwnAccount(): Promise<void> {
  const claims = getClaims();
  // Another tab may have returned already; the token is shared.
  if (claims && isActingOnOtherAccount(claims)) await returnToOwnAccount();
  // A full load drops every cached answer of the other account.
  window.location.hash = '#/dashboard';
  window.location.reload();
}

export function ConnectionChangedDialog({ reason }: { reason: 'changed' | 'removed' }) {
  const { t } = useTranslation('realtime');
  const [returning, setReturning] = useState(false);

  const ok = async () => {
    setReturning(true);
    try {
      await backToOwnAccount();
    } catch (error) {
      showError(error);
      setReturning(false);
    }
  };

  return (
    <NoticeDialog
      icon={LinkIcon}
      tone="orange"
      title={t(`connection.${reason}.title`)}
      testId="connection-changed-dialog"
      footer={
        <Button onClick={() => void ok()} loading={returning} data-testid="connection-changed-ok">
          {t('common:action.ok')}
        </Button>
      }
    >
      <Text>{t(`connection.${reason}.message`)}</Text>
    </NoticeDialog>
  );
}
