/** Tabs that are links, so the tab is in the URL: a page's sections (contacts and fields, kinds of import). */
import { Flex, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export type LinkTab = { key: string; to: string; label: string; testId?: string };

export function LinkTabs({ tabs, current, label }: { tabs: readonly LinkTab[]; current: string; label: string }) {
  return (
    <Flex as="nav" gap="6" borderBottomWidth="1px" mb="5" aria-label={label} overflowX="auto">
      {tabs.map(({ key, to, label: tabLabel, testId }) => {
        const active = key === current;
        return (
          <Link
            key={key}
            asChild
            pb="2.5"
            mb="-1px"
            fontSize="sm"
            fontWeight="semibold"
            textDecoration="none"
            whiteSpace="nowrap"
            borderBottomWidth="2px"
            borderColor={active ? 'brand.solid' : 'transparent'}
            color={active ? 'brand.fg' : 'fg.muted'}
            _hover={{ color: active ? 'brand.fg' : 'fg', textDecoration: 'none' }}
          >
            <RouterLink to={to} aria-current={active ? 'page' : undefined} data-testid={testId}>
              {tabLabel}
            </RouterLink>
          </Link>
        );
      })}
    </Flex>
  );
}
