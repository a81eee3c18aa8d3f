/**
 * Where and with what a session signed in (spec §3 login/session alert): the new-login dialog's
 * details and the auto-logout notice's "latest usage".
 */
import { Box, Grid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TLoginAlert } from '../../../shared/schemas/session.js';
import { useUserInfo } from '../api/user.js';
import { formatLoginTime } from './login-time.js';

const DETAIL_KEYS = ['location', 'ip', 'device', 'browser', 'browserVersion'] as const;

/** The server's placeholder values (spec §3 country table: 'private' is the local area network). */
function detailText(value: string, t: (key: string) => string): string {
  if (value === 'private') return t('newLogin.privateNetwork');
  if (!value || value === 'unknown' || value === 'Unknown') return t('newLogin.unknown');
  return value;
}

export function LoginAlertDetails({ alert }: { alert: TLoginAlert }) {
  const { t, i18n } = useTranslation('realtime');
  const { user } = useUserInfo();
  const details: [string, string][] = [
    ...DETAIL_KEYS.map((key): [string, string] => [t(`newLogin.${key}`), detailText(alert[key], t)]),
    [t('newLogin.time'), formatLoginTime(alert.time, i18n.language, user?.timezone)],
  ];
  return (
    <Grid templateColumns="max-content 1fr" columnGap="6" rowGap="2" mt="4" p="4" rounded="lg" borderWidth="1px" bg="bg.subtle" fontSize="sm">
      {details.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text color="fg.muted">{label}</Text>
          <Text fontWeight="medium" wordBreak="break-word" data-testid="login-alert-detail">
            {value}
          </Text>
        </Box>
      ))}
    </Grid>
  );
}
