/** /welcome: greets the new user, explains the free account and leads to verification. */
import { Alert, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FREE_CONTACT_LIMIT, FREE_DAILY_EMAIL_CREDITS } from '../../../../shared/constants.js';
import { CheckCircleIcon, SparkIcon } from '../../components/icons.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { useWelcome } from './use-welcome.js';

export default function WelcomePage() {
  const { t, i18n } = useTranslation('auth');
  const { user, unverified, openVerify } = useWelcome();

  if (!user) return <PageSpinner />;

  const number = new Intl.NumberFormat(i18n.language);
  const perks = [
    t('welcome.perk.emails', { amount: number.format(FREE_DAILY_EMAIL_CREDITS) }),
    t('welcome.perk.contacts', { amount: number.format(FREE_CONTACT_LIMIT) }),
  ];

  return (
    <Center minH="full" px="4" py={{ base: '8', md: '16' }} data-testid="welcome-page">
      <Card.Root w="full" maxW="xl" variant="elevated" size="lg" borderRadius="xl">
        <Card.Header gap="3">
          <HStack gap="2" color="brand.fg" fontWeight="medium" fontSize="sm">
            <SparkIcon boxSize="4" />
            <Text>{user.free ? t('welcome.freeAccount') : t('welcome.accountReady')}</Text>
          </HStack>
          <Heading as="h1" size="2xl" letterSpacing="tight">
            {t('welcome.title', { name: user.fullname })}
          </Heading>
          <Text color="fg.muted">{t('welcome.intro')}</Text>
        </Card.Header>

        <Card.Body>
          <Stack gap="6">
            {user.free && (
              <Stack as="ul" gap="2" listStyleType="none">
                {perks.map((perk) => (
                  <HStack as="li" key={perk} gap="2.5">
                    <CheckCircleIcon boxSize="5" color="fg.success" flexShrink={0} />
                    <Text>{perk}</Text>
                  </HStack>
                ))}
              </Stack>
            )}

            {unverified ? (
              <Alert.Root status="warning" variant="subtle" data-testid="welcome-unverified">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('welcome.unverified.title')}</Alert.Title>
                  <Alert.Description>{t('welcome.unverified.description', { email: user.login })}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Alert.Root status="success" variant="subtle" data-testid="welcome-verified">
                <Alert.Indicator />
                <Alert.Title>{t('welcome.verified', { email: user.login })}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </Card.Body>

        <Card.Footer gap="3" flexDirection={{ base: 'column', sm: 'row' }} alignItems="stretch">
          {unverified && (
            <Button colorPalette="brand" size="lg" flex="1" onClick={openVerify}>
              {t('welcome.verify')}
            </Button>
          )}
          <Button asChild variant={unverified ? 'outline' : 'solid'} colorPalette="brand" size="lg" flex="1">
            <RouterLink to="/dashboard">{t('welcome.dashboard')}</RouterLink>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
