/** A running import, export or campaign (spec §3 progress items): position, bar, status, estimated end. */
import { Badge, Box, Flex, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TProgressPayload } from '../../../shared/schemas/realtime.js';
import { useFormatters } from '../format/use-formatters.js';
import { NoticeIcon } from './notice-icon.js';

const STATUS_PALETTES: Record<TProgressPayload['status'], string> = {
  importing: 'blue',
  completed: 'green',
  finished: 'green',
  aborted: 'red',
};
/** The severity each status is shown with. */
const STATUS_SEVERITY: Record<TProgressPayload['status'], number> = { importing: 1, completed: 0, finished: 0, aborted: 3 };

export function ProgressItem({ item }: { item: TProgressPayload }) {
  const { t } = useTranslation(['activity', 'shell']);
  const { dateTime, number } = useFormatters();
  const palette = STATUS_PALETTES[item.status];
  const running = item.status === 'importing';
  return (
    <Flex gap="3" px="4" py="3" data-testid="progress-item" data-status={item.status}>
      <NoticeIcon type={item.type} severity={STATUS_SEVERITY[item.status]} />
      <Box flex="1" minW="0">
        <Flex align="center" justify="space-between" gap="2">
          <Text fontSize="sm" fontWeight="medium" lineClamp="1" title={item.taskName}>
            {item.taskName}
          </Text>
          <Badge size="sm" variant="subtle" colorPalette={palette} flexShrink="0">
            {t(`progress.status.${item.status}`)}
          </Badge>
        </Flex>
        <Progress.Root value={item.progress} max={100} size="xs" colorPalette={palette} mt="2" aria-label={item.taskName}>
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Flex justify="space-between" gap="2" mt="1.5" fontSize="xs" color="fg.muted">
          <Text data-testid="progress-count">
            {t('shell:notifications.type.' + item.type)} · {t('progress.count', { current: number(item.currPos), total: number(item.total) })}
          </Text>
          {running && item.estimatedEndTime && <Text>{t('progress.estimatedEnd', { time: dateTime(item.estimatedEndTime) })}</Text>}
        </Flex>
      </Box>
    </Flex>
  );
}
