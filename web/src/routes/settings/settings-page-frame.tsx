/**
 * The page of a settings child: the settings tabs, its title and subtitle, the child's own tabs if
 * it has any, then its sections.
 */
import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { SettingsTabs, type SettingsChild } from './settings-tabs.js';

type Props = {
  current: SettingsChild;
  title: string;
  subtitle: string;
  testId: string;
  /** Forms read better narrow; lists and tables get the wider page. */
  maxW?: '3xl' | '5xl';
  tabs?: ReactNode;
  children: ReactNode;
};

export function SettingsPageFrame({ current, title, subtitle, testId, maxW = '5xl', tabs, children }: Props) {
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW={maxW} mx="auto" data-testid={testId}>
      <SettingsTabs current={current} />
      <Stack gap="1" mb="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Stack>
      {tabs}
      <Stack gap="6">{children}</Stack>
    </Box>
  );
}
