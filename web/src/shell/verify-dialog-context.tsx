/**
 * One VerifyAccountDialog for the whole shell: the avatar panel, the unverified reminder and the
 * dashboard all open it through useVerifyDialog(). The dialog's code loads on first use.
 */
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

const VerifyAccountDialog = lazy(() => import('../verification/verify-account-dialog.js'));

const VerifyDialogContext = createContext<() => void>(() => {});

export function VerifyDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can play its exit animation.
  const [used, setUsed] = useState(false);
  const openDialog = useMemo(
    () => () => {
      setUsed(true);
      setOpen(true);
    },
    [],
  );
  return (
    <VerifyDialogContext.Provider value={openDialog}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <VerifyAccountDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </VerifyDialogContext.Provider>
  );
}

/** Opens the verify-account dialog. */
export function useVerifyDialog(): () => void {
  return useContext(VerifyDialogContext);
}
