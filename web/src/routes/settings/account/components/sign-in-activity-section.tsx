/**
 * Sign-in activity: the user's open sessions, each of which can be ended (ending this one signs
 * out here), and the recent sign-ins with their time, IP, device and browser.
 */
import { useState } from 'react';
import { Badge, Box, Button, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TLoginAlert } from '../../../../../../shared/schemas/session.js';
import { endSession, useSignInActivity, type TOpenSession } from '../../../../api/account.js';
import { toApiError } from '../../../../api/errors.js';
import { logout } from '../../../../api/session.js';
import { showError } from '../../../../components/error-dialog.js';
import { useFormatters } from '../../../../format/use-formatters.js';
import { SettingsCard } from '../../../../components/settings-card.js';

function useClientText() {
  const { t } = useTranslation('realtime');
  const place = (location: string, ip: string) => (location === 'private' ? `${ip} · ${t('newLogin.privateNetwork')}` : ip);
  const client = (entry: Pick<TLoginAlert, 'device' | 'browser' | 'browserVersion'>) =>
    [entry.device, [entry.browser, entry.browserVersion].filter(Boolean).join(' ')].filter((part) => part && part !== 'Unknown').join(' · ') || t('newLogin.unknown');
  return { place, client };
}

export function SignInActivitySection() {
  const { t } = useTranslation('account-settings');
  const { activity } = useSignInActivity();
  if (!activity) {
    return (
      <Flex justify="center" py="10">
        <Spinner color="brand.solid" />
      </Flex>
    );
  }
  return (
    <>
      <SettingsCard title={t('activity.sessionsTitle')} description={t('activity.sessionsDescription')} testId="account-sessions">
        <Stack gap="0" divideY="1px">
          {activity.sessions.map((session) => (
            <SessionRow key={session.sid} session={session} />
          ))}
        </Stack>
      </SettingsCard>
      <SettingsCard title={t('activity.signInsTitle')} description={t('activity.signInsDescription')} testId="account-sign-ins">
        <SignInTable signIns={activity.signIns} />
      </SettingsCard>
    </>
  );
}

function SessionRow({ session }: { session: TOpenSession }) {
  const { t } = useTranslation('account-settings');
  const format = useFormatters();
  const { place, client } = useClientText();
  const [ending, setEnding] = useState(false);

  async function end(): Promise<void> {
    if (session.current) return logout();
    setEnding(true);
    try {
      await endSession(session.sid);
    } catch (error) {
      showError(toApiError(error));
      setEnding(false);
    }
  }

  return (
    <Flex px={{ base: '4', md: '5' }} py="3.5" gap="3" align="center" justify="space-between" wrap="wrap" data-testid="account-session">
      <Box>
        <Flex gap="2" align="center">
          <Text fontWeight="medium">{client(session)}</Text>
          {session.current && (
            <Badge colorPalette="green" variant="subtle">
              {t('activity.thisSession')}
            </Badge>
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('activity.sessionLine', { place: place(session.location, session.ip), since: format.dateTime(session.createdAt), active: format.dateTime(session.lastActiveAt) })}
        </Text>
      </Box>
      <Button size="sm" variant="outline" colorPalette={session.current ? 'gray' : 'red'} loading={ending} onClick={() => void end()} data-testid="account-session-end">
        {session.current ? t('activity.signOut') : t('activity.end')}
      </Button>
    </Flex>
  );
}

function SignInTable({ signIns }: { signIns: TLoginAlert[] }) {
  const { t } = useTranslation('account-settings');
  const format = useFormatters();
  const { place, client } = useClientText();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('activity.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('activity.ip')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('activity.client')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {signIns.map((signIn) => (
            <Table.Row key={`${signIn.time}-${signIn.ip}`} data-testid="account-sign-in">
              <Table.Cell>{format.dateTime(signIn.time)}</Table.Cell>
              <Table.Cell>{place(signIn.location, signIn.ip)}</Table.Cell>
              <Table.Cell>{client(signIn)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
