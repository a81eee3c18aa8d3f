import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '../../../../../shared/schemas/notifications.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { NoticeIcon, SEVERITY_PALETTES } from '../../../notifications/notice-icon.js';

/** One past notification: the sentence, its kind and time, and its severity in words. */
export function HistoryRow({ notification, sentence }: { notification: TNotification; sentence: string }) {
  const { t } = useTranslation(['activity', 'shell']);
  const { dateTime, date } = useFormatters();
  return (
    <Flex gap="3" px={{ base: '4', md: '5' }} py="3.5" align="flex-start" data-testid="history-row" data-type={notification.type}>
      <NoticeIcon type={notification.type} severity={notification.severity} />
      <Box flex="1" minW="0">
        <Text fontSize="sm" lineHeight="1.5">
          {sentence}
        </Text>
        <Text fontSize="xs" color="fg.subtle" mt="1">
          {t(`shell:notifications.type.${notification.type}`, { defaultValue: t('shell:notifications.type.other') })} ·{' '}
          <time dateTime={notification.createTime} title={date(notification.createTime)}>
            {dateTime(notification.createTime)}
          </time>
        </Text>
      </Box>
      <Badge size="sm" variant="subtle" colorPalette={SEVERITY_PALETTES[notification.severity]} flexShrink="0" mt="1">
        {t(`severity.${notification.severity}`)}
      </Badge>
    </Flex>
  );
}
