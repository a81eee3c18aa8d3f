/**
 * `/plans-and-orders?tab=` (billing §2): the account's balances and current plans by credit kind
 * with their expiry, and its orders with their receipts. Buying opens the cart at checkout.
 * Refetched live when an order is paid (the creditsChanged socket event).
 */
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LinkTabs } from '../../components/link-tabs.js';
import { CartIcon } from '../../components/icons.js';
import { BalancesGrid } from './components/balances-grid.js';
import { OrdersList } from './components/orders-list.js';
import { PlansList } from './components/plans-list.js';

const TABS = ['plans', 'orders'] as const;
type Tab = (typeof TABS)[number];

export default function PlansAndOrdersPage() {
  const { t } = useTranslation('plans');
  const [search] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'plans';

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="5xl" mx="auto" data-testid="plans-and-orders">
      <Flex gap="4" mb="6" align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1" flex="1">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('subtitle')}</Text>
        </Stack>
        <Button asChild colorPalette="brand">
          <RouterLink to="/checkout?mode=buy" data-testid="plans-buy">
            <CartIcon /> {t('buy')}
          </RouterLink>
        </Button>
      </Flex>
      <LinkTabs label={t('title')} current={tab} tabs={TABS.map((key) => ({ key, to: `/plans-and-orders?tab=${key}`, label: t(`tab.${key}`), testId: `plans-tab-${key}` }))} />
      {tab === 'plans' ? (
        <Stack gap="6">
          <BalancesGrid />
          <PlansList />
        </Stack>
      ) : (
        <OrdersList />
      )}
    </Box>
  );
}
