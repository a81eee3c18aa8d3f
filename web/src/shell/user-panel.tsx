/**
 * The user menu and side panel (spec §2.4): account entries, contact us, knowledge base, and
 * logout, or return to the own account while acting on another one.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Drawer, Flex, Portal, Separator, Stack, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { useAppConfig } from '../api/config.js';
import { logout } from '../api/session.js';
import { PLANS_PAGE } from '../paths/plans.js';
import {
  DownloadIcon,
  HelpIcon,
  LinkIcon,
  LogoutIcon,
  MegaphoneIcon,
  PhoneIcon,
  ReceiptIcon,
  ReturnIcon,
  SettingsIcon,
  TeamIcon,
  WarningIcon,
} from '../components/icons.js';
import type { SessionClaims } from '../session/session.js';
import { ContactUsDialog } from './contact-us-dialog.js';
import { useReturnToOwnAccount } from '../session/use-return-to-own-account.js';
import { UserAvatar } from './user-avatar.js';
import { useVerifyDialog } from './verify-dialog-context.js';

type Props = { user: TUserInfo; claims: SessionClaims };

export function UserPanel({ user, claims }: Props) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);

  return (
    <>
      <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} size="xs" placement="end">
        <Drawer.Trigger asChild>
          <Button variant="ghost" colorPalette="gray" rounded="full" p="1" h="auto" minW="0" aria-label={t('user.menu')} data-testid="user-menu-button">
            <UserAvatar name={user.fullname} unverified={user.unverified} />
          </Button>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="user-panel">
              <Drawer.Header borderBottomWidth="1px" pb="4">
                <Flex gap="3" align="center" minW="0">
                  <UserAvatar name={user.fullname} unverified={user.unverified} size="lg" />
                  <Box minW="0">
                    <Drawer.Title fontSize="md" lineClamp="1">
                      {user.fullname}
                    </Drawer.Title>
                    <Text fontSize="sm" color="fg.muted" lineClamp="1">
                      {user.login}
                    </Text>
                    <Flex gap="1.5" mt="1.5">
                      <Badge colorPalette={user.free ? 'gray' : 'brand'} size="sm">
                        {t(user.free ? 'plan.free' : 'plan.standard')}
                      </Badge>
                      <Badge colorPalette={user.unverified ? 'orange' : 'green'} size="sm">
                        {t(user.unverified ? 'user.unverified' : 'user.verified')}
                      </Badge>
                    </Flex>
                  </Box>
                </Flex>
              </Drawer.Header>
              <Drawer.Body px="3" py="3">
                <PanelEntries user={user} claims={claims} close={() => setOpen(false)} openContact={() => setContactOpen(true)} />
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <ContactUsDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </>
  );
}

function PanelEntries({ user, claims, close, openContact }: Props & { close(): void; openContact(): void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const config = useAppConfig();
  const openVerify = useVerifyDialog();
  const returning = useReturnToOwnAccount();
  const actingOnOther = isActingOnOtherAccount(claims);

  const go = (to: string) => {
    close();
    navigate(to);
  };
  // Spec §2.4: an unverified user gets the verify warning instead of connection and team.
  const goOrVerify = (to: string) => {
    close();
    if (user.unverified) openVerify();
    else navigate(to);
  };

  return (
    <Stack gap="0.5">
      {user.unverified && (
        <Box bg="orange.50" borderColor="orange.200" borderWidth="1px" rounded="lg" p="3" mb="2">
          <Flex gap="2" align="start">
            <WarningIcon boxSize="4.5" color="orange.600" mt="0.5" />
            <Box>
              <Text fontSize="sm" fontWeight="medium">
                {t('user.verifyPrompt')}
              </Text>
              <Button size="xs" mt="2" colorPalette="orange" onClick={() => {
                  close();
                  openVerify();
                }} data-testid="panel-verify">
                {t('user.verifyNow')}
              </Button>
            </Box>
          </Flex>
        </Box>
      )}
      {!actingOnOther && user.enableConnectionModule && !claims.teamAdmin && (
        <PanelEntry icon={LinkIcon} warn={user.unverified} onClick={() => goOrVerify('/settings/multi-user?tab=connect')}>
          {t('user.connection')}
        </PanelEntry>
      )}
      {!actingOnOther && user.enableMultiUserModule && (
        <PanelEntry icon={TeamIcon} warn={user.unverified} onClick={() => goOrVerify('/settings/multi-user?tab=team')}>
          {t('user.team')}
        </PanelEntry>
      )}
      <PanelEntry icon={ReceiptIcon} onClick={() => go(PLANS_PAGE)}>
        {t('user.plansAndOrders')}
      </PanelEntry>
      <PanelEntry icon={SettingsIcon} onClick={() => go('/settings/account?tab=0')}>
        {t('user.settings')}
      </PanelEntry>
      <PanelEntry icon={DownloadIcon} onClick={() => go('/exports')}>
        {t('user.downloadData')}
      </PanelEntry>
      {claims.admin && (
        <PanelEntry icon={MegaphoneIcon} onClick={() => go('/admin/announcements')} testId="panel-admin-announcements">
          <AdminAnnouncementsLabel />
        </PanelEntry>
      )}
      <Separator my="2" />
      <PanelEntry
        icon={PhoneIcon}
        onClick={() => {
          close();
          openContact();
        }}
      >
        {t('user.contactUs')}
      </PanelEntry>
      {config?.knowledgeBaseUrl && (
        <PanelEntry icon={HelpIcon} href={config.knowledgeBaseUrl}>
          {t('user.knowledgeBase')}
        </PanelEntry>
      )}
      <Separator my="2" />
      {actingOnOther ? (
        <PanelEntry icon={ReturnIcon} onClick={() => void returning.returnNow()} disabled={returning.isReturning} testId="panel-return">
          {t('user.returnToOwnAccount')}
        </PanelEntry>
      ) : (
        <PanelEntry icon={LogoutIcon} onClick={() => void logout()} testId="panel-logout">
          {t('user.logout')}
        </PanelEntry>
      )}
    </Stack>
  );
}

/** Its words live in the `realtime` namespace, which only support staff need in the panel. */
function AdminAnnouncementsLabel() {
  return (
    <Suspense fallback={null}>
      <AdminAnnouncementsText />
    </Suspense>
  );
}

function AdminAnnouncementsText() {
  const { t } = useTranslation('realtime');
  return <>{t('admin.nav')}</>;
}

type EntryProps = {
  icon: (props: IconProps) => ReactNode;
  children: ReactNode;
  onClick?(): void;
  href?: string;
  warn?: boolean;
  disabled?: boolean;
  testId?: string;
};

function PanelEntry({ icon: Icon, children, onClick, href, warn, disabled, testId }: EntryProps) {
  const content = (
    <>
      <Icon boxSize="4.5" color="fg.muted" />
      <Box as="span" flex="1" textAlign="start">
        {children}
      </Box>
      {warn && <WarningIcon boxSize="4" color="orange.500" />}
    </>
  );
  const style = { variant: 'ghost', colorPalette: 'gray', justifyContent: 'flex-start', gap: '3', w: 'full', fontWeight: 'normal', size: 'md' } as const;
  if (href) {
    return (
      <Button asChild {...style}>
        <a href={href} target="_blank" rel="noreferrer">
          {content}
        </a>
      </Button>
    );
  }
  return (
    <Button {...style} onClick={onClick} disabled={disabled} data-testid={testId}>
      {content}
    </Button>
  );
}
