/**
 * Spec §5: a free account that reached its contact storage limit is told so. The figures are
 * the dashboard's, asked only of a free account whose user may read the dashboard.
 */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import { useDashboardSummary } from '../../../api/dashboard.js';
import { useUserInfo } from '../../../api/user.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { useClaims } from '../../../session/session.js';

export function ContactLimitAlert() {
  const { t } = useTranslation('contacts');
  const { number } = useFormatters();
  const claims = useClaims();
  const { user } = useUserInfo();
  const { summary } = useDashboardSummary(Boolean(user?.free && claims && hasPermission(claims, 'dashboard', 'read')));
  const limit = summary?.contacts.limit;
  if (!summary || limit === null || limit === undefined || summary.contacts.count < limit) return null;
  return (
    <Alert.Root status="warning" variant="subtle" rounded="lg" data-testid="contact-limit-alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('limit.title')}</Alert.Title>
        <Alert.Description>{t('limit.description', { limit: number(limit) })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
