/** A notice that stays until its cause is settled (spec §8 "Toasts"), with the way to settle it. */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TPersistentNotices } from '../../../shared/schemas/notifications.js';
import { WarningIcon } from '../components/icons.js';
import { TextLink } from '../shell/text-action.js';

type PersistentNoticeProps = {
  notice: TPersistentNotices['result'][number];
  /** Billing settings are the own account's; others see the notice without the link. */
  showBillingLink: boolean;
  onNavigate(): void;
};

export function PersistentNotice({ notice, showBillingLink, onNavigate }: PersistentNoticeProps) {
  const { t } = useTranslation('activity');
  return (
    <Flex gap="3" px="4" py="3" bg="orange.subtle/60" data-testid="persistent-notice" data-notice={notice.id}>
      <Flex boxSize="8" flexShrink="0" rounded="full" align="center" justify="center" bg="orange.subtle" color="orange.fg">
        <WarningIcon boxSize="4" />
      </Flex>
      <Box minW="0">
        <Text fontSize="sm" lineHeight="1.45">
          {t(`persistent.${notice.id}`)}
        </Text>
        {showBillingLink && (
          <Box mt="1">
            <TextLink to="/settings/billing" onNavigate={onNavigate}>
              {t('persistent.goToBilling')}
            </TextLink>
          </Box>
        )}
      </Box>
    </Flex>
  );
}
