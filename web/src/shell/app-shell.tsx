/**
 * The application shell (spec §2.2): everything behind sign-in renders inside it. It waits for
 * the user info (a spinner meanwhile) and applies the user's language, then hands over to the
 * shell frame. The frame's code (header, menus, sidebar) loads in parallel
 * with the user info, so the first request does not wait for it.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button, Center, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { useUserInfo } from '../api/user.js';
import { PageSpinner } from '../components/page-spinner.js';
import { signInPathFor } from '../session/return-path.js';
import i18next, { applyLanguage } from '../i18n/index.js';
import { useClaims, type SessionClaims } from '../session/session.js';

// The frame's code and its translations are fetched together, so neither waits for the other.
const loadFrame = () => Promise.all([import('./shell-frame.js'), i18next.loadNamespaces('shell')]).then(([frame]) => frame);
const ShellFrame = lazy(loadFrame);

export function AppShell() {
  const claims = useClaims();
  const location = useLocation();
  // No session (never signed in, logged out in another tab, or a 401): the sign-in page, which returns here.
  if (!claims) return <Navigate to={signInPathFor(location)} replace />;
  return <SignedInShell claims={claims} />;
}

/** The user's stored language applies once at load (spec §2.2); later changes come from the selector. */
function useStoredLanguage(user: TUserInfo | undefined): void {
  const applied = useRef(false);
  useEffect(() => {
    if (!user || applied.current) return;
    applied.current = true;
    void applyLanguage(user.language);
  }, [user]);
}

function SignedInShell({ claims }: { claims: SessionClaims }) {
  const { user, error, mutate } = useUserInfo();
  useStoredLanguage(user);
  useEffect(() => {
    void loadFrame();
  }, []);

  if (!user) return error ? <ShellLoadError onRetry={() => void mutate()} /> : <PageSpinner fullScreen />;

  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <ShellFrame user={user} claims={claims} />
    </Suspense>
  );
}

function ShellLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <Center minH="100vh" px="6">
      <Stack align="center" gap="4" textAlign="center" maxW="sm" data-testid="shell-load-error">
        <Flex boxSize="14" rounded="full" bg="bg.error" color="fg.error" align="center" justify="center" fontSize="2xl" fontWeight="bold">
          !
        </Flex>
        <Text fontSize="lg" fontWeight="semibold">
          {t('shell.loadFailed')}
        </Text>
        <Text color="fg.muted">{t('shell.loadFailedHint')}</Text>
        <Button onClick={onRetry}>{t('action.retry')}</Button>
      </Stack>
    </Center>
  );
}
