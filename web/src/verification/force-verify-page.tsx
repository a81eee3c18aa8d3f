/**
 * The force-verify page (spec §2.6): replaces the routed content while the login email must be
 * verified. Modes main / email / verify come from useVerification, shared with the dialog.
 */
import { Box, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { EmailIcon, ReturnIcon, ShieldIcon } from '../components/icons.js';
import { useClaims } from '../session/session.js';
import { BounceAlert } from './components/bounce-alert.js';
import { NewEmailForm } from './components/new-email-form.js';
import { VerifyCodeForm } from './components/verify-code-form.js';
import { isActingOnOtherAccount, isForceVerifyOverdue } from './force-verify-rules.js';
import { skipForceVerify } from './use-force-verify-gate.js';
import { useReturnToOwnAccount } from '../session/use-return-to-own-account.js';
import { useVerification, type VerificationMode } from './use-verification.js';

const TITLES: Record<VerificationMode, string> = {
  main: 'verify.title',
  email: 'verify.newEmail.title',
  verify: 'verify.code.title',
};

function formatDeadline(iso: string, language: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(new Date(iso));
  } catch {
    // An unknown stored time zone: the browser's own still gives the right day in most cases.
    return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
  }
}

export default function ForceVerifyPage({ user }: { user: TUserInfo }) {
  const { t, i18n } = useTranslation('auth');
  const claims = useClaims();
  const verification = useVerification({ login: user.login, force: true });
  const returning = useReturnToOwnAccount();
  const actingOnOther = claims ? isActingOnOtherAccount(claims) : false;
  const overdue = isForceVerifyOverdue(user, Date.now());

  const reason = actingOnOther
    ? t('verify.reason.otherAccount')
    : overdue
      ? t('verify.reason.overdue')
      : user.status === 'force_verify' && user.forceVerifyEndTime
        ? t('verify.reason.deadline', { date: formatDeadline(user.forceVerifyEndTime, i18n.language, user.timezone) })
        : t('verify.reason.unverified');

  return (
    <Center minH="full" px="4" py={{ base: '8', md: '16' }} data-testid="force-verify-page">
      <Card.Root w="full" maxW="lg" variant="elevated" size="lg" borderRadius="xl">
        <Card.Header alignItems="center" textAlign="center" gap="3">
          <Center boxSize="14" borderRadius="full" bg="brand.subtle" color="brand.fg">
            <ShieldIcon boxSize="7" />
          </Center>
          <Heading as="h1" size="xl">
            {t(TITLES[verification.mode])}
          </Heading>
        </Card.Header>

        <Card.Body>
          {verification.mode === 'main' && (
            <Stack gap="5">
              <Text color="fg.muted" textAlign="center">
                {reason}
              </Text>
              {!actingOnOther && (
                <HStack gap="3" px="4" py="3" borderWidth="1px" borderRadius="lg" bg="bg.subtle">
                  <EmailIcon boxSize="5" color="fg.muted" />
                  <Text fontWeight="medium" truncate data-testid="login-email">
                    {user.login}
                  </Text>
                </HStack>
              )}
              {verification.bounce && <BounceAlert bounce={verification.bounce} email={user.login} />}

              {actingOnOther ? (
                <Button colorPalette="brand" size="lg" loading={returning.isReturning} onClick={() => void returning.returnNow()}>
                  <ReturnIcon />
                  {t('verify.returnToAccount')}
                </Button>
              ) : (
                <Stack gap="3">
                  <Button colorPalette="brand" size="lg" loading={verification.isSending} onClick={() => void verification.sendCode()}>
                    {t('verify.sendCode')}
                  </Button>
                  <Button variant="outline" size="lg" onClick={verification.useAnotherEmail}>
                    {t('verify.useAnotherEmail')}
                  </Button>
                </Stack>
              )}
              {!overdue && (
                <Box textAlign="center">
                  <Button variant="plain" size="sm" color="fg.muted" onClick={skipForceVerify}>
                    {t('verify.skip')}
                  </Button>
                </Box>
              )}
            </Stack>
          )}

          {verification.mode === 'email' && <NewEmailForm verification={verification} />}

          {verification.mode === 'verify' && (
            <Stack gap="5">
              {verification.bounce && <BounceAlert bounce={verification.bounce} email={verification.email} />}
              <VerifyCodeForm verification={verification} />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
