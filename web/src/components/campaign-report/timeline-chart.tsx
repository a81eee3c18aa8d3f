/**
 * Opens and clicks per hour as paired bars, drawn as a plain SVG: a chart library would be the
 * report chunk's largest dependency for one small chart. Hours are shown in the user's time zone.
 */
import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../format/use-formatters.js';

type Point = { time: string; opens: number; clicks: number };

const HEIGHT = 160;
const BAR = 6;
const GAP = 2;
const SLOT = BAR * 2 + GAP * 3;
const SERIES = [
  { key: 'opens', color: 'var(--chakra-colors-brand-solid, #2563eb)' },
  { key: 'clicks', color: 'var(--chakra-colors-orange-500, #f97316)' },
] as const;

export function TimelineChart({ points }: { points: readonly Point[] }) {
  const { t } = useTranslation('campaigns');
  const { dateTime } = useFormatters();
  if (points.length === 0) return <Text color="fg.muted">{t('report.noTimeline')}</Text>;
  const max = Math.max(1, ...points.map((point) => Math.max(point.opens, point.clicks)));
  const width = points.length * SLOT;
  return (
    <Box bg="bg" borderWidth="1px" rounded="lg" p="4" data-testid="report-timeline">
      <HStack gap="4" mb="3" fontSize="sm">
        {SERIES.map((series) => (
          <HStack key={series.key} gap="1.5">
            <Box boxSize="3" rounded="sm" style={{ background: series.color }} />
            <Text>{t(`report.counter.${series.key}`)}</Text>
          </HStack>
        ))}
      </HStack>
      <Box overflowX="auto">
        <svg width={Math.max(width, 300)} height={HEIGHT} role="img" aria-label={t('report.timeline')}>
          {points.map((point, index) =>
            SERIES.map((series, position) => {
              const value = point[series.key];
              const height = Math.round((value / max) * (HEIGHT - 4));
              return (
                <rect key={`${point.time}-${series.key}`} x={index * SLOT + GAP + position * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} fill={series.color} rx="1">
                  <title>{`${dateTime(point.time)} · ${t(`report.counter.${series.key}`)}: ${value}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      </Box>
      <HStack justify="space-between" fontSize="xs" color="fg.muted" mt="1">
        <Text>{dateTime(points[0].time)}</Text>
        {points.length > 1 && <Text>{dateTime(points[points.length - 1].time)}</Text>}
      </HStack>
    </Box>
  );
}
