/**
 * Login email: the address the user signs in with, changed by a code mailed to the new address
 * (the verification flow the force-verify page uses, with its 60 s resend countdown and bounce notice).
 */
import { Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../../api/user.js';
import { EmailIcon } from '../../../../components/icons.js';
import { BounceAlert } from '../../../../verification/components/bounce-alert.js';
import { NewEmailForm } from '../../../../verification/components/new-email-form.js';
import { VerifyCodeForm } from '../../../../verification/components/verify-code-form.js';
import { useVerification } from '../../../../verification/use-verification.js';
import { SettingsCard } from '../../../../components/settings-card.js';

export function LoginEmailSection() {
  const { t } = useTranslation('account-settings');
  const { user } = useUserInfo();
  return (
    <SettingsCard title={t('loginEmail.title')} description={t('loginEmail.description')} testId="account-login-email">
      {user ? (
        <ChangeLoginEmail login={user.login} />
      ) : (
        <Flex justify="center" py="10">
          <Spinner color="brand.solid" />
        </Flex>
      )}
    </SettingsCard>
  );
}

function ChangeLoginEmail({ login }: { login: string }) {
  const { t } = useTranslation('account-settings');
  const verification = useVerification({ login, force: false });

  return (
    <Stack gap="5" px={{ base: '4', md: '5' }} py="5">
      {verification.mode === 'main' && (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3">
            <EmailIcon boxSize="5" color="fg.muted" />
            <Text fontWeight="medium" data-testid="account-login-email-current">
              {login}
            </Text>
          </HStack>
          <Button variant="outline" size="sm" onClick={verification.useAnotherEmail} data-testid="account-change-email">
            {t('loginEmail.change')}
          </Button>
        </Flex>
      )}
      {verification.mode === 'email' && <NewEmailForm verification={verification} />}
      {verification.mode === 'verify' && (
        <>
          {verification.bounce && <BounceAlert bounce={verification.bounce} email={verification.email} />}
          <VerifyCodeForm verification={verification} />
        </>
      )}
    </Stack>
  );
}
