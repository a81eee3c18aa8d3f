/** The two tabs of `/contacts` (`?tab=0` contacts, `?tab=1` custom fields), as links so the tab is in the URL. */
import { Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { contactPaths } from '../paths.js';

export type ContactsTab = 'contacts' | 'fields';

const TABS = [
  { tab: 'contacts', to: contactPaths.list },
  { tab: 'fields', to: contactPaths.fields },
] as const;

export function ContactsTabs({ current }: { current: ContactsTab }) {
  const { t } = useTranslation('contacts');
  return (
    <Flex as="nav" gap="6" borderBottomWidth="1px" mb="5" aria-label={t('tabs.label')}>
      {TABS.map(({ tab, to }) => {
        const active = tab === current;
        return (
          <Link
            key={tab}
            asChild
            pb="2.5"
            mb="-1px"
            fontSize="sm"
            fontWeight="semibold"
            textDecoration="none"
            borderBottomWidth="2px"
            borderColor={active ? 'brand.solid' : 'transparent'}
            color={active ? 'brand.fg' : 'fg.muted'}
            _hover={{ color: active ? 'brand.fg' : 'fg', textDecoration: 'none' }}
          >
            <RouterLink to={to} aria-current={active ? 'page' : undefined} data-testid={`tab-${tab}`}>
              {t(`tabs.${tab}`)}
            </RouterLink>
          </Link>
        );
      })}
    </Flex>
  );
}
