/**
 * A channel's bounce status with the reset action (spec §2.6 reset-status dialog: Cancel and
 * Confirm re-enable a bounced address). Nothing shows while the address has not bounced.
 */
import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BounceStatus as Bounce, Channel } from '../../../../../shared/schemas/contacts.js';
import { updateContact } from '../../../api/contacts.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { notify } from '../../../components/toaster.js';
import { BounceBadge } from '../../../components/contacts/channel-status.js';

type Props = { contactId: string; channel: Channel; address: string; bounce: Bounce; canReset: boolean };

export function BounceStatus({ contactId, channel, address, bounce, canReset }: Props) {
  const { t } = useTranslation('contacts');
  const [confirming, setConfirming] = useState(false);
  if (bounce === 'none') return null;
  return (
    <HStack gap="2" data-testid={`${channel}-bounce-status`}>
      <BounceBadge bounce={bounce} />
      {canReset && (
        <Button size="xs" variant="ghost" onClick={() => setConfirming(true)} data-testid={`${channel}-bounce-reset`}>
          {t('reset.action')}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('reset.title')}
          confirmLabel={t('reset.confirm')}
          entity="contact"
          testId="reset-status-dialog"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await updateContact(contactId, channel === 'email' ? { emailBounce: 'none' } : { smsBounce: 'none' });
            notify({ type: 'success', title: t('reset.done', { address }) });
            setConfirming(false);
          }}
        >
          <Text>{t('reset.message', { address })}</Text>
        </ConfirmDialog>
      )}
    </HStack>
  );
}
