/** `/account-banned` (spec §2.1): the account is locked; say so plainly and offer support or logout. */
import { Button, Card, Center, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.js';
import { logout } from '../../api/session.js';
import { ShieldIcon } from '../../components/icons.js';

export default function AccountBannedPage() {
  const { t } = useTranslation('shell');
  const config = useAppConfig();
  return (
    <Center px="4" py={{ base: '10', md: '20' }}>
      <Card.Root maxW="lg" w="full" variant="elevated" rounded="xl" data-testid="account-banned">
        <Card.Body alignItems="center" textAlign="center" gap="4" p="8">
          <Flex boxSize="14" rounded="full" bg="red.100" color="red.700" align="center" justify="center">
            <ShieldIcon boxSize="7" />
          </Flex>
          <Heading as="h1" size="xl">
            {t('banned.title')}
          </Heading>
          <Text color="fg.muted">{t('banned.message')}</Text>
          {config?.supportEmail && (
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('banned.contact')}
              </Text>
              <Link href={`mailto:${config.supportEmail}`} color="brand.fg" fontWeight="medium" justifyContent="center">
                {config.supportEmail}
              </Link>
            </Stack>
          )}
          <Button variant="outline" mt="2" onClick={() => void logout()}>
            {t('user.logout')}
          </Button>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
