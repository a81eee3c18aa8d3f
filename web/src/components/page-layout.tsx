/** A section page's frame: optional back link, title, subtitle, the page's main actions, then its content. */
import type { ReactNode } from 'react';
import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronIcon } from './icons.js';

type Props = {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
  maxW?: string;
  testId: string;
  children: ReactNode;
};

export function PageLayout({ title, subtitle, actions, back, maxW = '6xl', testId, children }: Props) {
  return (
    // On small screens toasts span the window's bottom: room below the content lets its last row
    // (a pager) scroll clear of two toasts. From md they sit in a column at the end instead.
    <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb={{ base: '40', md: '8' }} maxW={maxW} mx="auto" data-testid={testId}>
      {back && (
        <Link asChild fontSize="sm" color="fg.muted" mb="3" display="inline-flex" alignItems="center" gap="1">
          <RouterLink to={back.to}>
            <ChevronIcon direction="left" boxSize="4" />
            {back.label}
          </RouterLink>
        </Link>
      )}
      <Flex gap="4" align={{ base: 'stretch', sm: 'flex-end' }} justify="space-between" direction={{ base: 'column', sm: 'row' }} mb="6">
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Stack>
        {actions && (
          <Flex gap="2" wrap="wrap" flexShrink="0">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Box>
  );
}
