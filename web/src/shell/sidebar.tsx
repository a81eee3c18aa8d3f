/**
 * The sidebar (spec §2.2): one item per readable section, the file manager for users who may
 * write email, SMS or templates, and search on the own account.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Stack, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { canUseFileManager, isActingOnOtherAccount, readableSections, type Section } from '../../../shared/domain/permissions.js';
import { ContactsIcon, DashboardIcon, EmailIcon, FolderIcon, GroupsIcon, SearchIcon, SmsIcon, TemplateIcon } from '../components/icons.js';
import { FileManager } from '../file-manager/lazy-file-manager.js';
import type { SessionClaims } from '../session/session.js';
import { HEADER_HEIGHT } from './header-height.js';
import { SearchDialog } from './search-dialog.js';

const SECTION_ICONS: Record<Section, (props: IconProps) => ReactNode> = {
  dashboard: DashboardIcon,
  contact: ContactsIcon,
  group: GroupsIcon,
  email: EmailIcon,
  sms: SmsIcon,
  template: TemplateIcon,
};

const SIDEBAR_WIDTH = { collapsed: '72px', expanded: '232px' } as const;

export function Sidebar({ claims }: { claims: SessionClaims }) {
  const { t } = useTranslation('shell');
  const [searchOpen, setSearchOpen] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);
  const sections = readableSections(claims);
  const showSearch = !isActingOnOtherAccount(claims);
  const showFileManager = canUseFileManager(claims);

  return (
    <Box
      as="nav"
      aria-label={t('nav.label')}
      w={{ base: SIDEBAR_WIDTH.collapsed, lg: SIDEBAR_WIDTH.expanded }}
      flexShrink="0"
      bg="bg"
      borderRightWidth="1px"
      px="3"
      py="4"
      position="sticky"
      top={HEADER_HEIGHT}
      h={`calc(100vh - ${HEADER_HEIGHT})`}
      overflowY="auto"
      data-testid="sidebar"
    >
      <Stack gap="1">
        {showSearch && (
          <SidebarButton icon={SearchIcon} label={t('nav.search')} onClick={() => setSearchOpen(true)} testId="sidebar-search" />
        )}
        {showFileManager && <SidebarButton icon={FolderIcon} label={t('nav.fileManager')} onClick={() => setFilesOpen(true)} testId="sidebar-file-manager" />}
        {(showSearch || showFileManager) && <Box borderTopWidth="1px" my="2" />}
        {sections.map((route) => (
          <SidebarLink
            key={route.section}
            to={route.to}
            icon={SECTION_ICONS[route.section]}
            label={t(route.key)}
            testId={`nav-${route.section}`}
          />
        ))}
      </Stack>
      {showSearch && <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />}
      {filesOpen && <FileManager onClose={() => setFilesOpen(false)} />}
    </Box>
  );
}

type ItemProps = { icon: (props: IconProps) => ReactNode; label: string; testId: string };

const itemStyle = {
  variant: 'ghost',
  colorPalette: 'gray',
  w: 'full',
  justifyContent: { base: 'center', lg: 'flex-start' },
  gap: '3',
  px: '3',
  h: '10',
  fontWeight: 'medium',
  color: 'fg.muted',
} as const;

function ItemContent({ icon: Icon, label }: Omit<ItemProps, 'testId'>) {
  return (
    <>
      <Icon boxSize="5" />
      <Text as="span" display={{ base: 'none', lg: 'inline' }}>
        {label}
      </Text>
    </>
  );
}

function SidebarLink({ to, ...props }: ItemProps & { to: string }) {
  return (
    <Button
      asChild
      {...itemStyle}
      title={props.label}
      css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
    >
      <NavLink to={to} data-testid={props.testId} aria-label={props.label}>
        <ItemContent icon={props.icon} label={props.label} />
      </NavLink>
    </Button>
  );
}

function SidebarButton({ onClick, ...props }: ItemProps & { onClick(): void }) {
  return (
    <Button {...itemStyle} onClick={onClick} title={props.label} aria-label={props.label} data-testid={props.testId}>
      <ItemContent icon={props.icon} label={props.label} />
    </Button>
  );
}
