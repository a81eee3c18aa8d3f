/** A titled card of a contact page (form and profile). */
import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

type Props = { title: string; description?: string; action?: ReactNode; children: ReactNode; testId?: string };

export function FormSection({ title, description, action, children, testId }: Props) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" rounded="xl" shadow="xs" data-testid={testId}>
      <Flex px="5" pt="4" pb="3" gap="3" justify="space-between" align="start">
        <Box>
          <Heading as="h2" size="sm">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" mt="0.5">
              {description}
            </Text>
          )}
        </Box>
        {action}
      </Flex>
      <Box px="5" pb="5">
        {children}
      </Box>
    </Box>
  );
}
