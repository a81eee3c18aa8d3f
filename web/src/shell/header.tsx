/** The header (spec §2.2): logo, language selector, announcement, notification, cart and user menus. */
import { Box, Flex, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isActingOnOtherAccount } from '../../../shared/domain/permissions.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { useAppConfig } from '../api/config.js';
import { Logo } from '../components/logo.js';
import type { SessionClaims } from '../session/session.js';
import { AnnouncementMenu } from './announcement-menu.js';
import { LanguageSelector } from './language-selector.js';
import { NotificationMenu } from './notification-menu.js';
import { ShoppingCartMenu } from './shopping-cart-menu.js';
import { isLanguageSelectorShown, isShoppingCartShown } from './shell-rules.js';
import { HEADER_HEIGHT } from './header-height.js';
import { UserPanel } from './user-panel.js';

type HeaderProps = {
  user: TUserInfo;
  claims: SessionClaims;
  /** False on hidden-menu routes and in forced verification or password change. */
  showMenus: boolean;
};

export function Header({ user, claims, showMenus }: HeaderProps) {
  const { t } = useTranslation('shell');
  const config = useAppConfig();
  const ownAccount = !isActingOnOtherAccount(claims);

  return (
    <Flex
      as="header"
      h={HEADER_HEIGHT}
      px={{ base: '4', md: '6' }}
      align="center"
      justify="space-between"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      data-testid="header"
    >
      {showMenus ? (
        <RouterLink to="/dashboard" aria-label={t('nav.home')}>
          <Logo />
        </RouterLink>
      ) : (
        <Logo />
      )}
      {showMenus && (
        <HStack gap="1">
          {isLanguageSelectorShown(config, claims) && <LanguageSelector />}
          <AnnouncementMenu />
          <NotificationMenu ownAccount={ownAccount} />
          {isShoppingCartShown(user, claims) && <ShoppingCartMenu canBuyPlan={user.canBuyPlan} />}
          <Box ms="2">
            <UserPanel user={user} claims={claims} />
          </Box>
        </HStack>
      )}
    </Flex>
  );
}
