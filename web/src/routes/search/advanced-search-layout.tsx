/**
 * `/advanced-search` (spec §2.1): one tab per area (contacts, groups, emails, SMS & MMS,
 * templates) above the routed tab. Areas the user may not read are left out.
 */
import type { ReactNode } from 'react';
import { Button, Flex, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useLocation, useOutlet } from 'react-router-dom';
import { hasPermission, type Section } from '../../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ContactsIcon, EmailIcon, GroupsIcon, SmsIcon, TemplateIcon } from '../../components/icons.js';
import { PageLayout } from '../../components/page-layout.js';
import { useClaims } from '../../session/session.js';
import { searchPaths } from '../../paths/search.js';

type Tab = { path: string; section: Section; icon: (props: IconProps) => ReactNode };

const TABS: readonly Tab[] = [
  { path: 'contacts', section: 'contact', icon: ContactsIcon },
  { path: 'groups', section: 'group', icon: GroupsIcon },
  { path: 'emails', section: 'email', icon: EmailIcon },
  { path: 'sms-and-mms', section: 'sms', icon: SmsIcon },
  { path: 'templates', section: 'template', icon: TemplateIcon },
];

export default function AdvancedSearchLayout() {
  const { t } = useTranslation('search');
  const claims = useClaims();
  const outlet = useOutlet();
  const { search } = useLocation();
  const tabs = TABS.filter((tab) => claims !== null && hasPermission(claims, tab.section, 'read'));
  const first = tabs[0];

  if (!outlet) return <Navigate to={first ? `${first.path}${search}` : `/error?code=${ERROR_CODES.NO_PERMISSION}`} replace />;

  return (
    <PageLayout title={t('advanced.title')} subtitle={t('advanced.subtitle')} testId="advanced-search">
      <Flex as="nav" aria-label={t('advanced.tabs')} gap="1" borderBottomWidth="1px" mb="6" overflowX="auto">
        {tabs.map((tab) => (
          <TabLink key={tab.path} tab={tab} />
        ))}
      </Flex>
      {outlet}
    </PageLayout>
  );
}

const tabStyle = {
  variant: 'ghost',
  colorPalette: 'gray',
  rounded: 'none',
  gap: '2',
  px: '3',
  h: '10',
  mb: '-1px',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  color: 'fg.muted',
  fontWeight: 'medium',
  flexShrink: 0,
} as const;

function TabLink({ tab }: { tab: Tab }) {
  const { t } = useTranslation('search');
  return (
    <Button asChild {...tabStyle} css={{ '&[aria-current=page]': { color: 'brand.fg', borderBottomColor: 'brand.solid' } }}>
      <NavLink to={searchPaths.tab(tab.path)} data-testid={`search-tab-${tab.path}`}>
        <tab.icon boxSize="4" />
        {t(`advanced.tab.${tab.path}`)}
      </NavLink>
    </Button>
  );
}
