/** The dashboard (`/dashboard`): the account's credits, contacts, plan, verification state and deliverability rates. */
import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { hasPermission, readableSections } from '../../../../shared/domain/permissions.js';
import { useDashboardSummary, useDeliverabilityRates } from '../../api/dashboard.js';
import { useUserInfo } from '../../api/user.js';
import { useClaims } from '../../session/session.js';
import { AccountCard } from './components/account-card.js';
import { ContactsCard } from './components/contacts-card.js';
import { CreditsGrid } from './components/credits-grid.js';
import { DashboardError, DashboardSkeleton } from './components/dashboard-states.js';
import { DeliverabilityCard } from './components/deliverability-card.js';
import { FreeDailyCard } from './components/free-daily-card.js';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const claims = useClaims();
  const { user } = useUserInfo();
  const canRead = claims ? hasPermission(claims, 'dashboard', 'read') : false;
  const { summary, error, retry } = useDashboardSummary(canRead);
  const { rates } = useDeliverabilityRates(canRead);

  // Spec §4: without dashboard access, the first readable section opens instead.
  if (claims && !canRead) {
    return <Navigate to={readableSections(claims)[0]?.to ?? '/error?code=VALIDATE_NO_PERMISSION'} replace />;
  }

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="7xl" mx="auto" data-testid="dashboard">
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {user ? t('greeting', { name: user.fullname.split(' ')[0] }) : t('title')}
        </Heading>
        <Text color="fg.muted">{t('subtitle')}</Text>
      </Stack>
      {!summary ? (
        error ? (
          <DashboardError error={error} onRetry={retry} />
        ) : (
          <DashboardSkeleton />
        )
      ) : (
        <Stack gap="8">
          <SimpleGrid columns={{ base: 1, md: 2, lg: summary.free ? 3 : 2 }} gap="4">
            <AccountCard summary={summary} />
            <ContactsCard contacts={summary.contacts} />
            {summary.free && <FreeDailyCard credits={summary.credits} />}
          </SimpleGrid>
          <CreditsGrid summary={summary} />
          {rates && <DeliverabilityCard rates={rates} />}
        </Stack>
      )}
    </Box>
  );
}
