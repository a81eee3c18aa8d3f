import { lazy, Suspense, useEffect } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { HashRouter } from 'react-router-dom';
import { SWRConfig, useSWRConfig } from 'swr';
import { config } from '../../shared/contracts/config.js';
import { isRouteKey } from './api/routes.js';
import { ErrorDialogHost } from './components/error-dialog.js';
import { ToasterHost } from './components/toaster.js';
import { AppRoutes } from './router.js';
import { SessionDialogsHost } from './session-dialogs/session-dialogs-host.js';
import { IdleSessionHost } from './shell/idle-session-host.js';
import { getClaims, subscribeSession } from './session/session.js';
import { system } from './theme.js';

/**
 * The socket connection is not needed to draw the first page, and it waits for /config anyway:
 * its code loads after the first render instead of in the initial bundle (docs/benchmarks.md). If
 * it cannot load, the app works on without live updates rather than failing as a whole.
 */
const RealtimeHost = lazy(() =>
  import('./realtime/realtime-host.js').then(
    (module) => ({ default: module.RealtimeHost }),
    () => ({ default: () => null }),
  ),
);

function identityOf(): string {
  const claims = getClaims();
  return claims ? `${claims.loginTuid}:${claims.tuid}:${claims.sid}` : '';
}

/** Another user or account must never see the previous one's cached data. */
function useCacheResetOnIdentityChange(): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    let identity = identityOf();
    return subscribeSession(() => {
      const next = identityOf();
      if (next === identity) return;
      identity = next;
      // Refetch for a new identity; after a logout there is nothing to refetch.
      // /config is the same for everyone: keep it (the forced-logout dialog reads its contacts).
      void mutate((key) => !isRouteKey(key, config.routes.get), undefined, { revalidate: next !== '' });
    });
  }, [mutate]);
}

function SessionCache() {
  useCacheResetOnIdentityChange();
  return null;
}

export function App() {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: true, dedupingInterval: 2000 }}>
        <SessionCache />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
        <IdleSessionHost />
        <Suspense fallback={null}>
          <RealtimeHost />
        </Suspense>
        <SessionDialogsHost />
        <ErrorDialogHost />
        <ToasterHost />
      </SWRConfig>
    </ChakraProvider>
  );
}
