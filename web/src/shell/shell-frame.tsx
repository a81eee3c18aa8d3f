/**
 * The shell's chrome around the routed page: full (header, banner, sidebar, footer), hidden-menu
 * routes, full-screen editors (no chrome), or a forced page in place of the content.
 */
import { lazy, Suspense } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { PageSpinner } from '../components/page-spinner.js';
import { fullScreenEditorAt, isFooterVisible, isHiddenMenuRoute } from '../routes/route-layout.js';
import { useForceVerifyGate } from '../verification/use-force-verify-gate.js';
import type { SessionClaims } from '../session/session.js';
import { ConnectionBanner } from './connection-banner.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { Sidebar } from './sidebar.js';
import { UnverifiedReminder } from './unverified-reminder.js';
import { VerifyDialogProvider } from './verify-dialog-context.js';

const ForceVerifyPage = lazy(() => import('../verification/force-verify-page.js'));
const ForcePasswordChangePage = lazy(() => import('../routes/password/force-password-change-page.js'));

type FrameProps = { user: TUserInfo; claims: SessionClaims };

export default function ShellFrame({ user, claims }: FrameProps) {
  const { pathname } = useLocation();
  const forceVerify = useForceVerifyGate(user, claims);
  const forced = claims.forcePasswordChange ? 'password' : forceVerify ? 'verify' : null;
  const isEditor = fullScreenEditorAt(pathname) !== undefined;

  // Full-screen editors bring their own chrome; a forced page still takes precedence.
  if (isEditor && !forced) return <Outlet />;

  const showMenus = !forced && !isHiddenMenuRoute(pathname);
  const content =
    forced === 'password' ? (
      <ForcePasswordChangePage />
    ) : forced === 'verify' ? (
      <ForceVerifyPage user={user} />
    ) : (
      <Outlet />
    );

  return (
    <VerifyDialogProvider>
      <Flex direction="column" minH="100vh">
        <Header user={user} claims={claims} showMenus={showMenus} />
        {showMenus && <ConnectionBanner user={user} claims={claims} />}
        {showMenus && user.unverified && <UnverifiedReminder />}
        <Flex flex="1" align="stretch">
          {showMenus && <Sidebar claims={claims} />}
          <Flex as="main" direction="column" flex="1" minW="0">
            <Box flex="1">
              <Suspense fallback={<PageSpinner />}>{content}</Suspense>
            </Box>
            {showMenus && isFooterVisible(pathname) && <Footer />}
          </Flex>
        </Flex>
      </Flex>
    </VerifyDialogProvider>
  );
}
