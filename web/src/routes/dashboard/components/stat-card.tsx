import type { ReactNode } from 'react';
import { Box, Card, Flex, Progress, Text, type IconProps } from '@chakra-ui/react';

type StatCardProps = {
  icon: (props: IconProps) => ReactNode;
  label: string;
  value: string;
  /** A smaller line under the figure ("of 300 today"). */
  hint?: string;
  /** A bar under the figure: its fill (0–100) and colour. */
  progress?: { percent: number; palette: string };
  palette?: string;
  /** Beside the label: what can be done about the figure (buy more). */
  action?: ReactNode;
  testId?: string;
};

/** One figure of the dashboard: icon, label, big number, optional hint and usage bar. */
export function StatCard({ icon: Icon, label, value, hint, progress, palette = 'brand', action, testId }: StatCardProps) {
  return (
    <Card.Root variant="outline" rounded="xl" bg="bg" h="full" data-testid={testId}>
      <Card.Body gap="3" p="5">
        <Flex align="center" gap="3">
          <Flex colorPalette={palette} boxSize="9" rounded="lg" bg="colorPalette.subtle" color="colorPalette.fg" align="center" justify="center">
            <Icon boxSize="4.5" />
          </Flex>
          <Text fontSize="sm" fontWeight="medium" color="fg.muted" flex="1">
            {label}
          </Text>
          {action}
        </Flex>
        <Box>
          <Text fontSize="3xl" fontWeight="semibold" letterSpacing="-0.02em" lineHeight="1.1" fontVariantNumeric="tabular-nums" data-testid={testId && `${testId}-value`}>
            {value}
          </Text>
          {hint && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {hint}
            </Text>
          )}
        </Box>
        {progress && (
          <Progress.Root value={Math.min(100, Math.max(0, progress.percent))} size="sm" colorPalette={progress.palette} aria-label={label}>
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
