import { Flex, Heading, Link, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TDashboardSummary } from '../../../../../shared/schemas/user.js';
import { EmailIcon, FileTextIcon, PaperclipIcon, SmsIcon, StorageIcon, TeamIcon } from '../../../components/icons.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { BuyCreditsButton } from '../../../shopping-cart/buy-credits-button.js';
import type { BuyKind } from '../../../shopping-cart/cart-pricing.js';
import { StatCard } from './stat-card.js';

/** The credits by kind (spec §1), each with a way to buy more (billing §2, the buy-credits dialog), and the way to the plans behind them. */
export function CreditsGrid({ summary }: { summary: TDashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const { number, megabytes } = useFormatters();
  const { credits } = summary;
  const buy = (kind: BuyKind, testId: string) => <BuyCreditsButton wishes={[{ kind }]} label={t('credits.buy')} testId={`${testId}-buy`} />;

  return (
    <Stack gap="3">
      <Flex justify="space-between" align="baseline" gap="3">
        <Heading as="h2" size="md">
          {t('credits.title')}
        </Heading>
        {/* Billing §2: the credit cards lead to the plans behind them and their expiry. */}
        <Link asChild fontSize="sm" color="brand.fg">
          <RouterLink to="/plans-and-orders?tab=plans" data-testid="credits-plans-link">
            {t('credits.plans')}
          </RouterLink>
        </Link>
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <StatCard icon={EmailIcon} label={t('credits.email')} value={number(credits.email)} action={buy('email', 'credit-email')} testId="credit-email" />
        <StatCard icon={SmsIcon} label={t('credits.sms')} value={number(credits.sms)} palette="blue" action={buy('sms', 'credit-sms')} testId="credit-sms" />
        <StatCard icon={PaperclipIcon} label={t('credits.attachment')} value={megabytes(credits.attachmentMb)} palette="purple" action={buy('attachment', 'credit-attachment')} testId="credit-attachment" />
        <StatCard icon={FileTextIcon} label={t('credits.pdfPages')} value={number(credits.pdfPages)} palette="orange" action={buy('dynamicattachment', 'credit-pdf')} testId="credit-pdf" />
        <StatCard icon={StorageIcon} label={t('credits.storage')} value={megabytes(credits.storageMb)} palette="teal" action={buy('filestorage', 'credit-storage')} testId="credit-storage" />
        <StatCard icon={TeamIcon} label={t('credits.teamUsers')} value={number(credits.teamUsers)} palette="pink" action={buy('team', 'credit-team-users')} testId="credit-team-users" />
      </SimpleGrid>
    </Stack>
  );
}
