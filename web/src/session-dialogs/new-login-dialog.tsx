/**
 * The new-login dialog (spec §2.5, width 640): where and with what someone just signed in to this
 * account, a word about giving colleagues their own login (multi-user), what to do if it was not
 * the user, and the knowledge base when the deployment has one.
 */
import { Box, Button, Grid, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../shared/constants.js';
import type { TLoginAlert } from '../../../shared/schemas/session.js';
import { useAppConfig } from '../api/config.js';
import { useUserInfo } from '../api/user.js';
import { ShieldIcon } from '../components/icons.js';
import { formatLoginTime } from './login-time.js';
import { NoticeDialog } from './notice-dialog.js';

const DETAIL_KEYS = ['location', 'ip', 'device', 'browser', 'browserVersion'] as const;

/** The server's placeholder values (spec §3 country table: 'private' is the local area network). */
function detailText(value: string, t: (key: string) => string): string {
  if (value === 'private') return t('newLogin.privateNetwork');
  if (!value || value === 'unknown' || value === 'Unknown') return t('newLogin.unknown');
  return value;
}

export function NewLoginDialog({ alert, onClose }: { alert: TLoginAlert; onClose(): void }) {
  const { t, i18n } = useTranslation('realtime');
  const config = useAppConfig();
  const { user } = useUserInfo();
  const details: [string, string][] = [
    ...DETAIL_KEYS.map((key): [string, string] => [t(`newLogin.${key}`), detailText(alert[key], t)]),
    [t('newLogin.time'), formatLoginTime(alert.time, i18n.language, user?.timezone)],
  ];

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
      <Grid templateColumns="max-content 1fr" columnGap="6" rowGap="2" mt="4" p="4" rounded="lg" borderWidth="1px" bg="bg.subtle" fontSize="sm">
        {details.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text color="fg.muted">{label}</Text>
            <Text fontWeight="medium" wordBreak="break-word" data-testid="new-login-detail">
              {value}
            </Text>
          </Box>
        ))}
      </Grid>
      <Stack gap="2.5" mt="4" fontSize="sm" color="fg.muted">
        <Text>{t('newLogin.multiUser')}</Text>
        <Text>{t('newLogin.notYou')}</Text>
        {config?.knowledgeBaseUrl && (
          <Link href={config.knowledgeBaseUrl} target="_blank" rel="noreferrer" color="brand.fg" fontWeight="medium" data-testid="new-login-knowledge-base">
            {t('newLogin.knowledgeBase')}
          </Link>
        )}
      </Stack>
    </NoticeDialog>
  );
}
