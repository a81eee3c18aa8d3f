/** One section of a settings page (and of the checkout's billing step): a title, what it is for, an action, and its content. */
import type { ReactNode } from 'react';
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';

type Props = { title: string; description: string; action?: ReactNode; testId: string; children: ReactNode };

export function SettingsCard({ title, description, action, testId, children }: Props) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid={testId}>
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3" px={{ base: '4', md: '5' }} py="4" borderBottomWidth="1px" bg="bg.subtle">
        <Stack gap="0.5">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        </Stack>
        {action}
      </Flex>
      {children}
    </Box>
  );
}
