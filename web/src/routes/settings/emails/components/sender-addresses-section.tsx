/** The account's sender addresses: status, the default sender; add one, confirm it by code, make it the default, remove it. */
import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../../../shared/domain/email.js';
import { domainOfAddress, isFreeMailDomain } from '../../../../../../shared/domain/sender-identities.js';
import {
  addSenderAddress,
  deleteSenderAddress,
  resendSenderAddressCode,
  setDefaultSenderAddress,
  useSenderAddresses,
  verifySenderAddress,
  type TSenderAddress,
} from '../../../../api/sender-identities.js';
import { ConfirmDialog } from '../../../../components/confirm-dialog.js';
import { showError } from '../../../../components/error-dialog.js';
import { InboxIcon, PlusIcon, TrashIcon } from '../../../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../../../components/list-states.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import type { SectionPermissions } from '../../use-section-permissions.js';
import { FieldDialog } from './field-dialog.js';

function addressProblem(value: string): string | null {
  if (!isValidEmail(value)) return 'addresses.problem.email';
  return isFreeMailDomain(domainOfAddress(value)) ? 'errors:EA-V-011' : null;
}

export function SenderAddressesSection({ permissions }: { permissions: SectionPermissions }) {
  const { t } = useTranslation('email-settings');
  const { addresses, error, isLoading, refetch } = useSenderAddresses();
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TSenderAddress | null>(null);

  return (
    <SettingsCard
      title={t('addresses.title')}
      description={t('addresses.description')}
      testId="sender-addresses-section"
      action={
        permissions.canWrite && (
          <Button size="sm" onClick={() => setAdding(true)} data-testid="sender-address-add">
            <PlusIcon boxSize="4" />
            {t('addresses.add')}
          </Button>
        )
      }
    >
      {isLoading && !addresses ? (
        <ListSkeleton rows={2} />
      ) : error && !addresses ? (
        <ListError title={t('addresses.loadFailed')} onRetry={() => void refetch()} testId="sender-addresses-error" />
      ) : !addresses || addresses.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('addresses.empty')} text={t('addresses.emptyText')} testId="sender-addresses-empty" />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="md" data-testid="sender-address-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('addresses.column.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('addresses.column.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Box as="span" srOnly>
                    {t('addresses.column.actions')}
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {addresses.map((address) => (
                <AddressRow key={address.email} address={address} permissions={permissions} onVerify={() => setVerifying(address.email)} onDelete={() => setDeleting(address)} />
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {adding && (
        <FieldDialog
          title={t('addresses.addDialog.title')}
          label={t('addresses.addDialog.label')}
          hint={t('addresses.addDialog.hint')}
          submitLabel={t('addresses.addDialog.submit')}
          testId="sender-address-add-dialog"
          inputMode="email"
          problemOf={addressProblem}
          onSubmit={async (email) => {
            const added = await addSenderAddress(email);
            if (added.status === 'pending') setVerifying(added.email);
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {verifying && (
        <FieldDialog
          title={t('addresses.verifyDialog.title')}
          label={t('addresses.verifyDialog.label')}
          hint={t('addresses.verifyDialog.hint', { email: verifying })}
          submitLabel={t('addresses.verifyDialog.submit')}
          testId="sender-address-verify-dialog"
          inputMode="numeric"
          problemOf={(code) => (/^\d{6}$/.test(code) ? null : 'addresses.problem.code')}
          onSubmit={async (code) => {
            await verifySenderAddress(verifying, code);
          }}
          onClose={() => setVerifying(null)}
        >
          <Button mt="3" size="xs" variant="ghost" onClick={() => void resendSenderAddressCode(verifying).catch(showError)} data-testid="sender-address-resend">
            {t('addresses.verifyDialog.resend')}
          </Button>
        </FieldDialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('addresses.delete.title')}
          confirmLabel={t('addresses.delete.confirm')}
          destructive
          testId="sender-address-delete-dialog"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteSenderAddress(deleting.email);
            setDeleting(null);
          }}
        >
          <Text>{t('addresses.delete.message', { email: deleting.email })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

function AddressRow({ address, permissions, onVerify, onDelete }: { address: TSenderAddress; permissions: SectionPermissions; onVerify(): void; onDelete(): void }) {
  const { t } = useTranslation('email-settings');
  return (
    <Table.Row data-testid="sender-address-row" data-email={address.email}>
      <Table.Cell fontWeight="medium">{address.email}</Table.Cell>
      <Table.Cell>
        <HStack gap="2">
          <Badge colorPalette={address.status === 'verified' ? 'green' : 'yellow'} data-testid="sender-address-status" data-status={address.status}>
            {t(address.verifiedByDomain ? 'addresses.status.byDomain' : `addresses.status.${address.status}`)}
          </Badge>
          {address.isDefault && (
            <Badge colorPalette="blue" data-testid="sender-address-default">
              {t('addresses.default')}
            </Badge>
          )}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justify="end">
          {permissions.canWrite && address.status === 'pending' && (
            <Button size="xs" variant="outline" onClick={onVerify} data-testid="sender-address-verify">
              {t('addresses.enterCode')}
            </Button>
          )}
          {permissions.canWrite && address.status === 'verified' && !address.isDefault && (
            <Button size="xs" variant="outline" onClick={() => void setDefaultSenderAddress(address.email).catch(showError)} data-testid="sender-address-make-default">
              {t('addresses.makeDefault')}
            </Button>
          )}
          {permissions.canDelete && (
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('addresses.delete.label', { email: address.email })} onClick={onDelete} data-testid="sender-address-delete">
              <TrashIcon boxSize="4" />
            </IconButton>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
