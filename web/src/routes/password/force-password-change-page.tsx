/** The forced password change page (billing spec §2): replaces the routed content until done. */
import { Box, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants.js';
import { logout } from '../../api/session.js';
import { useUserInfo } from '../../api/user.js';
import { FormField } from '../../components/form-field.js';
import { LockIcon } from '../../components/icons.js';
import { PasswordInput } from '../../components/password-input.js';
import { useForcePasswordChange } from './use-force-password-change.js';

export default function ForcePasswordChangePage() {
  const { t } = useTranslation('auth');
  const { user } = useUserInfo();
  const { values, errors, setValue, blur, fieldId, canSubmit, submit, isSubmitting } = useForcePasswordChange();
  const admin = user?.teamAdminUser?.fullname;

  return (
    <Center minH="full" px="4" py={{ base: '8', md: '16' }} data-testid="force-password-change-page">
      <Stack w="full" maxW="lg" gap="6">
        <Heading as="h1" size="2xl" letterSpacing="tight" textAlign="center">
          {t('passwordChange.title')}
        </Heading>
        <Card.Root variant="elevated" size="lg" borderRadius="xl">
          <Card.Header gap="3">
            <Center boxSize="12" borderRadius="full" bg="brand.subtle" color="brand.fg">
              <LockIcon boxSize="6" />
            </Center>
            <Text>{admin ? t('passwordChange.instructionsNamed', { name: admin }) : t('passwordChange.instructions')}</Text>
            <Text color="fg.muted" fontSize="sm">
              {t('passwordChange.requirements', { min: PASSWORD_MIN_LENGTH })}
            </Text>
          </Card.Header>
          <Card.Body>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Stack gap="5">
                {/* A hidden username lets password managers file the new password under the right login. */}
                {user && <input type="email" name="username" autoComplete="username" value={user.login} readOnly hidden />}
                <FormField id={fieldId('newPassword')} label={t('fields.newPassword')} error={errors.newPassword}>
                  <PasswordInput
                    name="newPassword"
                    autoComplete="new-password"
                    autoFocus
                    value={values.newPassword}
                    onChange={(event) => setValue('newPassword', event.target.value)}
                    onBlur={() => blur('newPassword')}
                  />
                </FormField>
                <FormField id={fieldId('retypePassword')} label={t('fields.retypePassword')} error={errors.retypePassword}>
                  <PasswordInput
                    name="retypePassword"
                    autoComplete="new-password"
                    value={values.retypePassword}
                    onChange={(event) => setValue('retypePassword', event.target.value)}
                    onBlur={() => blur('retypePassword')}
                  />
                </FormField>
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  disabled={!canSubmit}
                  loading={isSubmitting}
                  loadingText={t('passwordChange.submitting')}
                >
                  {t('passwordChange.submit')}
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
        <Box textAlign="center">
          <Button variant="plain" size="sm" color="fg.muted" onClick={() => void logout()}>
            {t('passwordChange.signOut')}
          </Button>
        </Box>
      </Stack>
    </Center>
  );
}
