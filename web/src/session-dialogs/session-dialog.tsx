/** The session dialogs' chunk: one of them at a time (spec §2.5). */
import { ConnectionChangedDialog } from './connection-changed-dialog.js';
import { ForcedLogoutDialog } from './forced-logout-dialog.js';
import { NewLoginDialog } from './new-login-dialog.js';
import type { SessionDialogState } from './session-dialog-kinds.js';

export default function SessionDialog({ dialog, onClose }: { dialog: SessionDialogState; onClose(): void }) {
  switch (dialog.kind) {
    case 'forcedLogout':
      return <ForcedLogoutDialog cause={dialog.cause} support={dialog.support} onClose={onClose} />;
    case 'connectionChanged':
      return <ConnectionChangedDialog reason={dialog.reason} />;
    case 'newLogin':
      return <NewLoginDialog alert={dialog.alert} onClose={onClose} />;
  }
}
