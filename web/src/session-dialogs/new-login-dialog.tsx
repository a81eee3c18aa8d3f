/**
 * The new-login dialog (spec §2.5, width 640): where and with what someone just signed in to this
 * account, a word about giving colleagues their own login (multi-user), what to do if it was not
 * the user (change the password, or recover it by mail), and the knowledge base when the deployment has one.
 */
import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';
import type { TLoginAlert } from '../../../shared/schemas/session.js';
import { useAppConfig } from '../api/config.js';
import { useUserInfo } from '../api/user.js';
import { ShieldIcon } from '../components/icons.js';
import { LoginAlertDetails } from './login-alert-details.js';
import { NoticeDialog } from './notice-dialog.js';

export function NewLoginDialog({ alert, onClose }: { alert: TLoginAlert; onClose(): void }) {
  const { t } = useTranslation('realtime');
  const config = useAppConfig();
  const { user } = useUserInfo();

  return (
    <NoticeDialog
      icon={ShieldIcon}
      tone="brand"
      title={t('newLogin.title')}
      onDismiss={onClose}
      width={DIALOG_WIDTHS.newLogin}
      testId="new-login-dialog"
      footer={
        <Button onClick={onClose} data-testid="new-login-ok">
          {t('common:action.ok')}
        </Button>
      }
    >
      <Text>{t('newLogin.intro')}</Text>
      <LoginAlertDetails alert={alert} />
      <Stack gap="2.5" mt="4" fontSize="sm" color="fg.muted">
        <Text>{t('newLogin.multiUser')}</Text>
        <Text>{t('newLogin.notYou')}</Text>
        <HStack gap="4" wrap="wrap">
          <Link href="#/settings/account?tab=1" color="brand.fg" fontWeight="medium" onClick={onClose} data-testid="new-login-change-password">
            {t('newLogin.changePassword')}
          </Link>
          <Link
            href={`#/forgot-password${user ? `?email=${encodeURIComponent(user.login)}` : ''}`}
            color="brand.fg"
            fontWeight="medium"
            onClick={onClose}
            data-testid="new-login-forgot-password"
          >
            {t('newLogin.forgotPassword')}
          </Link>
        </HStack>
        {config?.knowledgeBaseUrl && (
          <Link href={config.knowledgeBaseUrl} target="_blank" rel="noreferrer" color="brand.fg" fontWeight="medium" data-testid="new-login-knowledge-base">
            {t('newLogin.knowledgeBase')}
          </Link>
        )}
      </Stack>
    </NoticeDialog>
  );
}
