/** A list's empty, no-match or failed state: an icon, a short text, and what to do next. */
import type { ReactNode } from 'react';
import { Flex, Stack, Text, type IconProps } from '@chakra-ui/react';

type Props = { icon: (props: IconProps) => ReactNode; title: string; text?: string; tone?: 'neutral' | 'error'; children?: ReactNode; testId: string };

export function ListMessage({ icon: Icon, title, text, tone = 'neutral', children, testId }: Props) {
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
