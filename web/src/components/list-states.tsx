/** What a list shows instead of rows: loading bars, or an empty, no-match or failed message. */
import type { ReactNode } from 'react';
import { Button, Flex, Skeleton, Stack, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from './icons.js';

type MessageProps = { icon: (props: IconProps) => ReactNode; title: string; text?: string; tone?: 'neutral' | 'error'; children?: ReactNode; testId: string };

/** An icon, a short text, and what to do next. */
export function ListMessage({ icon: Icon, title, text, tone = 'neutral', children, testId }: MessageProps) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="6" data-testid={testId}>
      <Flex boxSize="12" rounded="full" align="center" justify="center" bg={tone === 'error' ? 'bg.error' : 'brand.subtle'} color={tone === 'error' ? 'fg.error' : 'brand.fg'}>
        <Icon boxSize="6" />
      </Flex>
      <Text fontWeight="semibold">{title}</Text>
      {text && (
        <Text color="fg.muted" fontSize="sm" maxW="sm">
          {text}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** A list that could not be loaded, and Try again. */
export function ListError({ title, onRetry, testId }: { title: string; onRetry(): void; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <ListMessage icon={WarningIcon} tone="error" title={title} testId={testId}>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('action.retry')}
      </Button>
    </ListMessage>
  );
}

/** Bars where the rows will be, while the first page loads. */
export function ListSkeleton({ rows, rowHeight = '9', testId }: { rows: number; rowHeight?: string; testId?: string }) {
  return (
    <Stack gap="2" p="4" data-testid={testId}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} h={rowHeight} rounded="md" />
      ))}
    </Stack>
  );
}
