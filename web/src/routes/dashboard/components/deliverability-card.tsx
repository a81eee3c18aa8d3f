import { Badge, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { rateStanding } from '../../../../../shared/domain/deliverability-guard.js';
import type { TDeliverabilityRates } from '../../../../../shared/schemas/deliverability.js';
import { useFormatters } from '../../../format/use-formatters.js';

type Rate = TDeliverabilityRates['email'][number];

const STANDING_PALETTE = { healthy: 'green', review: 'orange', suspend: 'red' } as const;

/** One rate: the figure, what it rests on, the limit at which the guard pauses a campaign, and its standing. */
function RateRow({ rate }: { rate: Rate }) {
  const { t } = useTranslation('dashboard');
  const { number, percent: formatPercent } = useFormatters();
  const percent = (fraction: number) => formatPercent(fraction, 2);
  const standing = rateStanding(rate);
  return (
    <Stack gap="1" data-testid={`deliverability-${rate.reason}`}>
      <Flex justify="space-between" align="center" gap="2">
        <Text fontSize="sm" fontWeight="medium" color="fg.muted">
          {t(`deliverability.${rate.reason}`)}
        </Text>
        <Badge colorPalette={STANDING_PALETTE[standing]} size="sm">
          {t(`deliverability.standing.${standing}`)}
        </Badge>
      </Flex>
      <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={`deliverability-${rate.reason}-value`}>
        {percent(rate.rate)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {rate.sample === 0 ? t('deliverability.noMessages') : t('deliverability.counts', { events: number(rate.count), sample: number(rate.sample) })}
      </Text>
      <Text fontSize="xs" color="fg.subtle">
        {t('deliverability.limits', { review: percent(rate.review), suspend: percent(rate.suspend) })}
      </Text>
    </Stack>
  );
}

/** The account's email and SMS rates over 30 days, beside the limits at which the deliverability guard pauses a campaign. */
export function DeliverabilityCard({ rates }: { rates: TDeliverabilityRates }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" data-testid="deliverability-card">
      <Card.Body p="5" gap="4">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t('deliverability.title', { days: rates.days })}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('deliverability.subtitle')}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {[...rates.email, ...rates.sms].map((rate) => (
            <RateRow key={rate.reason} rate={rate} />
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
