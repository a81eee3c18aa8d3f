/** 'Return to Your Account' (user panel, connection banner, force-verify page): the own account's token, then a fresh start there. */
import { useState } from 'react';
import { returnToOwnAccount } from '../api/session.js';
import { showError } from '../components/error-dialog.js';

export function useReturnToOwnAccount() {
  const [isReturning, setReturning] = useState(false);

  async function returnNow(): Promise<void> {
    setReturning(true);
    try {
      await returnToOwnAccount();
      // A full load drops every cached answer of the other account.
      window.location.hash = '#/dashboard';
      window.location.reload();
    } catch (error) {
      showError(error);
      setReturning(false);
    }
  }

  return { isReturning, returnNow };
}
