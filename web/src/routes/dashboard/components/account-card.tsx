import type { ReactNode } from 'react';
import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TDashboardSummary } from '../../../../../shared/schemas/user.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { useVerifyDialog } from '../../../shell/verify-dialog-context.js';

/** Plan, login email and its verification state, with Verify for an unverified login. */
export function AccountCard({ summary }: { summary: TDashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const { date } = useFormatters();
  const openVerify = useVerifyDialog();
  const { verification } = summary;

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" h="full" data-testid="account-card">
      <Card.Body p="5" gap="4">
        <Heading as="h2" size="sm" color="fg.muted" fontWeight="medium">
          {t('account.title')}
        </Heading>
        <Stack gap="3">
          <Row label={t('account.plan')}>
            <Badge colorPalette={summary.free ? 'gray' : 'brand'} size="md" data-testid="plan-badge">
              {t(summary.free ? 'account.free' : 'account.standard')}
            </Badge>
          </Row>
          <Row label={t('account.login')}>
            <Text fontWeight="medium" lineClamp="1" title={verification.login}>
              {verification.login}
            </Text>
          </Row>
          <Row label={t('account.verification')}>
            {verification.unverified ? (
              <Flex align="center" gap="2">
                <Badge colorPalette="orange" size="md">
                  {t('account.unverified')}
                </Badge>
                <Button size="xs" onClick={openVerify} data-testid="dashboard-verify">
                  {t('account.verify')}
                </Button>
              </Flex>
            ) : (
              <Flex align="center" gap="2" wrap="wrap" justify="end">
                <Badge colorPalette="green" size="md" data-testid="verified-badge">
                  {t('account.verified')}
                </Badge>
                {verification.lastVerifiedTime && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('account.verifiedOn', { date: date(verification.lastVerifiedTime) })}
                  </Text>
                )}
              </Flex>
            )}
          </Row>
        </Stack>
        {verification.unverified && (
          <Text fontSize="sm" color="fg.muted" data-testid="unverified-hint">
            {t('account.unverifiedHint')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4" minH="8">
      <Text color="fg.muted" fontSize="sm" flexShrink="0">
        {label}
      </Text>
      {children}
    </Flex>
  );
}
