/**
 * The SMS or MMS campaign's review in the send dialog: its name, whom it goes to and from, the
 * message's length and media, the cost against the balance, and what it still lacks
 * (missingForTextSend: the API refuses such a send too).
 */
import { useMemo } from 'react';
import { Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { missingForTextSend } from '../../../../../shared/domain/campaign-readiness.js';
import { countSmsSegments } from '../../../../../shared/domain/sms-segments.js';
import { useCampaignCost } from '../../../api/campaigns.js';
import { useSenderIds } from '../../../api/sms-settings.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { BuyCreditsButton } from '../../../shopping-cart/buy-credits-button.js';
import type { SmsDraft } from './sms-draft.js';

export function SmsReview({ draft, channel }: { draft: SmsDraft; channel: 'sms' | 'mms' }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const { command } = draft;
  const { cost } = useCampaignCost(draft.id);
  const { senderIds } = useSenderIds();
  const segments = useMemo(() => countSmsSegments(command.message ?? '').segments, [command.message]);
  const missing = missingForTextSend(channel, command);
  const sender = command.senderId ? (senderIds?.find((senderId) => senderId.id === command.senderId)?.senderId ?? '…') : t('sms.sender.none');
  const items = [
    { key: 'name', value: command.name ?? draft.campaign.name },
    { key: 'recipients', value: cost ? t('send.recipientCount', { count: cost.recipients, n: number(cost.recipients) }) : '…' },
    channel === 'sms' ? { key: 'sender', value: sender } : { key: 'subject', value: command.subject || '—' },
    {
      key: 'message',
      value:
        channel === 'mms'
          ? t('sms.review.media', { count: command.content?.components.length ?? 0 })
          : command.message
            ? t('sms.review.segments', { count: segments, n: number(segments) })
            : t('send.missing'),
    },
    { key: 'credits', value: cost ? t('sms.review.creditsOf', { credits: number(cost.credits), balance: number(cost.balance) }) : '…' },
  ];
  return (
    <Stack gap="3">
      <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="2" fontSize="sm" data-testid="send-summary">
        {items.map((item) => [
          <Text as="dt" key={`${item.key}-label`} color="fg.muted">
            {t(`sms.review.${item.key}`)}
          </Text>,
          <Text as="dd" key={item.key} truncate data-testid={`summary-${item.key}`}>
            {item.value}
          </Text>,
        ])}
      </Grid>
      {missing.map((part) => (
        <Text key={part} fontSize="sm" color="fg.error" data-testid={`send-missing-${part}`}>
          {t(`sms.missing.${part}`)}
        </Text>
      ))}
      {cost && cost.credits > cost.balance && (
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontSize="sm" color="fg.error" data-testid="send-credits-short">
            {t('sms.cost.short', { missing: number(cost.credits - cost.balance) })}
          </Text>
          <BuyCreditsButton wishes={[{ kind: 'sms', quantity: cost.credits - cost.balance }]} label={t('sms.cost.buy')} testId="send-buy-credits" />
        </Flex>
      )}
    </Stack>
  );
}
