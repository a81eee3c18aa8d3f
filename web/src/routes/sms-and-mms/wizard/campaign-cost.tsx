/**
 * What sending the saved SMS or MMS campaign would cost (GET sms/campaigns/{id}/cost): SMS credits
 * per destination country (recipients, messages: SMS segments or one per MMS), the total against
 * the balance, and what will not go out: numbers in countries the account does not allow, or that
 * take no MMS (MMS goes to the US and Canada only). The cost is of the saved campaign; it is asked
 * again after every save, and says so while changes are unsaved.
 */
import type { ReactNode } from 'react';
import { Box, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TCampaignCommand } from '../../../../../shared/schemas/campaigns.js';
import { useCampaignCost } from '../../../api/campaigns.js';
import { WarningIcon } from '../../../components/icons.js';
import { ListError, ListSkeleton } from '../../../components/list-states.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { BuyCreditsButton } from '../../../shopping-cart/buy-credits-button.js';
import type { CampaignDraft } from '../../../components/campaign-wizard/use-campaign-draft.js';
import { useCountryName } from './country-name.js';

export function CampaignCost({ draft }: { draft: CampaignDraft<TCampaignCommand> }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const countryName = useCountryName();
  const { cost, error, refetch } = useCampaignCost(draft.id);
  if (!cost) {
    return error ? <ListError title={t('sms.cost.loadFailed')} onRetry={() => void refetch()} testId="campaign-cost-error" /> : <ListSkeleton rows={2} />;
  }
  const isShort = cost.credits > cost.balance;
  return (
    <Stack gap="3" data-testid="campaign-cost" data-credits={cost.credits} data-skipped={cost.skipped}>
      {draft.saveState !== 'saved' && (
        <Text fontSize="xs" color="fg.muted" data-testid="campaign-cost-unsaved">
          {t('sms.cost.unsaved')}
        </Text>
      )}
      {cost.countries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('sms.cost.noRecipients')}
        </Text>
      ) : (
        <Box borderWidth="1px" rounded="lg" overflowX="auto">
          <Table.Root size="sm" aria-label={t('sms.cost.title')}>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('sms.cost.country')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('sms.cost.recipients')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('sms.cost.messages')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('sms.cost.credits')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {cost.countries.map((row) => (
                <Table.Row key={row.country} data-testid="cost-country" data-country={row.country} data-credits={row.credits}>
                  <Table.Cell>{countryName(row.country)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(row.recipients)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(row.messages)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(row.credits)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Flex justify="space-between" fontSize="sm" gap="3" wrap="wrap">
        <Text fontWeight="semibold" data-testid="cost-total">
          {t('sms.cost.total', { credits: number(cost.credits), recipients: number(cost.recipients) })}
        </Text>
        <Text color={isShort ? 'fg.error' : 'fg.muted'} data-testid="cost-balance">
          {t('sms.cost.balance', { n: number(cost.balance) })}
        </Text>
      </Flex>
      {isShort && (
        <CostWarning
          testId="cost-short"
          text={t('sms.cost.short', { missing: number(cost.credits - cost.balance) })}
          action={<BuyCreditsButton wishes={[{ kind: 'sms', quantity: cost.credits - cost.balance }]} label={t('sms.cost.buy')} testId="cost-buy-credits" />}
        />
      )}
      {cost.skipped > 0 && <CostWarning testId="cost-skipped" text={t(draft.type === 'MMS' ? 'sms.cost.skippedMms' : 'sms.cost.skipped', { count: cost.skipped, n: number(cost.skipped) })} />}
    </Stack>
  );
}

function CostWarning({ text, action, testId }: { text: string; action?: ReactNode; testId: string }) {
  return (
    <Flex gap="2" align="start" p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" role="status" data-testid={testId}>
      <WarningIcon boxSize="4" mt="0.5" flexShrink="0" />
      <Text flex="1">{text}</Text>
      {action}
    </Flex>
  );
}
