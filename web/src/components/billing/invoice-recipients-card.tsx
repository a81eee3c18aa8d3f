/**
 * Invoice recipients (billing §2 "Invoice recipients"): who gets the receipts besides the login
 * email. Each recipient can be edited and deleted, and a suspended one (its receipt mail
 * hard-bounced) reset; the login email's row has none of these. Used by Settings → Billing and by
 * checkout's Billing step.
 */
import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS } from '../../../../shared/domain/billing-details.js';
import { isValidEmail, normalizeEmail } from '../../../../shared/domain/email.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { addInvoiceRecipient, deleteInvoiceRecipient, editInvoiceRecipient, resetInvoiceRecipient, useInvoiceRecipients, type TInvoiceRecipient } from '../../api/billing.js';
import { toApiError } from '../../api/errors.js';
import { SettingsCard } from '../settings-card.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { InboxIcon, PlusIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'reset'; recipient: TInvoiceRecipient };

export function InvoiceRecipientsCard() {
  const { t } = useTranslation('billing-details');
  const { recipients, error, isLoading, refetch } = useInvoiceRecipients();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <SettingsCard
      title={t('recipients.title')}
      description={t('recipients.description')}
      testId="invoice-recipients-card"
      action={
        <Button size="sm" onClick={() => setDialog({ kind: 'add' })} disabled={!recipients} data-testid="recipient-add">
          <PlusIcon boxSize="4" />
          {t('recipients.add')}
        </Button>
      }
    >
      {isLoading && !recipients ? (
        <ListSkeleton rows={2} />
      ) : error && !recipients ? (
        <ListError title={t('recipients.loadFailed')} onRetry={() => void refetch()} testId="recipients-error" />
      ) : !recipients || recipients.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t('recipients.empty')} testId="recipients-empty" />
      ) : (
        <RecipientTable recipients={recipients} onAction={setDialog} />
      )}
      {dialog?.kind === 'add' && <RecipientDialog recipient={null} onClose={close} />}
      {dialog?.kind === 'edit' && <RecipientDialog recipient={dialog.recipient} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('recipients.deleteTitle')}
          confirmLabel={t('recipients.deleteConfirm')}
          destructive
          testId="recipient-delete-dialog"
          onClose={close}
          onConfirm={async () => {
            await deleteInvoiceRecipient(dialog.recipient.id);
            close();
          }}
        >
          <Text>{t('recipients.deleteMessage', { email: dialog.recipient.email })}</Text>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'reset' && (
        <ConfirmDialog
          title={t('recipients.resetTitle')}
          confirmLabel={t('recipients.resetConfirm')}
          testId="recipient-reset-dialog"
          onClose={close}
          onConfirm={async () => {
            await resetInvoiceRecipient(dialog.recipient);
            close();
          }}
        >
          <Text>{t('recipients.resetMessage', { email: dialog.recipient.email })}</Text>
        </ConfirmDialog>
      )}
    </SettingsCard>
  );
}

function RecipientTable({ recipients, onAction }: { recipients: TInvoiceRecipient[]; onAction(dialog: Dialog): void }) {
  const { t } = useTranslation('billing-details');
  return (
    <Box overflowX="auto">
      <Table.Root size="md" data-testid="recipient-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('recipients.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('recipients.column.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('recipients.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('recipients.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {recipients.map((recipient) => (
            <Table.Row key={recipient.id} data-testid="recipient-row" data-email={recipient.email} data-status={recipient.status}>
              <Table.Cell>
                {recipient.name}
                {recipient.isSelf && (
                  <Badge ms="2" colorPalette="gray" data-testid="recipient-self">
                    {t('recipients.self')}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{recipient.email}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={recipient.status === 'valid' ? 'green' : 'red'} data-testid="recipient-status">
                  {t(`recipients.status.${recipient.status}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {!recipient.isSelf && (
                  <HStack justify="end" gap="1">
                    {recipient.status === 'suspended' && (
                      <Button size="xs" variant="ghost" onClick={() => onAction({ kind: 'reset', recipient })} data-testid="recipient-reset">
                        {t('recipients.reset')}
                      </Button>
                    )}
                    <Button size="xs" variant="ghost" onClick={() => onAction({ kind: 'edit', recipient })} data-testid="recipient-edit">
                      {t('recipients.edit')}
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onAction({ kind: 'delete', recipient })} data-testid="recipient-delete">
                      {t('recipients.delete')}
                    </Button>
                  </HStack>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * Add (`recipient` null) or edit one recipient: name required on add, email required and valid on
 * both (billing §5). An address that already gets the receipts is answered under the email field
 * (STT-NOT-C-009); an edit that changes neither field just closes.
 */
export function RecipientDialog({ recipient, onClose }: { recipient: TInvoiceRecipient | null; onClose(): void }) {
  const { t } = useTranslation(['billing-details', 'validation', 'errors']);
  const [name, setName] = useState(recipient?.name ?? '');
  const [email, setEmail] = useState(recipient?.email ?? '');
  const [touched, setTouched] = useState({ name: false, email: false });
  const [emailServerError, setEmailServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameLabel = t('billing-details:recipients.column.name');
  const emailLabel = t('billing-details:recipients.column.email');
  const nameProblem = !recipient && name.trim().length === 0 ? t('validation:required', { field: nameLabel }) : null;
  const emailProblem = email.trim().length === 0 ? t('validation:required', { field: emailLabel }) : !isValidEmail(email) ? t('validation:email', { field: emailLabel }) : null;
  const nameError = touched.name ? nameProblem : null;
  const emailError = emailServerError ?? (touched.email ? emailProblem : null);

  const submit = async () => {
    setTouched({ name: true, email: true });
    if (nameProblem || emailProblem) return;
    const next = { name: name.trim(), email: normalizeEmail(email) };
    setBusy(true);
    try {
      if (!recipient) {
        await addInvoiceRecipient(next);
      } else if (next.name !== recipient.name || next.email !== recipient.email) {
        // A name emptied on edit keeps the old one (billing §5: the name is required on add only).
        await editInvoiceRecipient({ id: recipient.id, name: next.name && next.name !== recipient.name ? next.name : undefined, email: next.email });
      }
      onClose();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.code === ERROR_CODES.RECIPIENT_EMAIL_USED) setEmailServerError(t(`errors:${apiError.code}`));
      else showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={recipient ? t('billing-details:recipients.editTitle') : t('billing-details:recipients.addTitle')}
      submitLabel={t('billing-details:recipients.save')}
      submitTestId="recipient-submit"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="md"
      testId="recipient-dialog"
    >
      <Stack gap="4">
        <Field.Root invalid={Boolean(nameError)} required={!recipient}>
          <Field.Label htmlFor="recipient-name">{nameLabel}</Field.Label>
          <Input
            id="recipient-name"
            autoFocus
            maxLength={BILLING_LIMITS.recipientName}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched((previous) => ({ ...previous, name: true }))}
            data-testid="recipient-name"
          />
          {nameError && <Field.ErrorText data-testid="recipient-name-error">{nameError}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(emailError)} required>
          <Field.Label htmlFor="recipient-email">{emailLabel}</Field.Label>
          <Input
            id="recipient-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailServerError(null);
            }}
            onBlur={() => setTouched((previous) => ({ ...previous, email: true }))}
            data-testid="recipient-email"
          />
          {emailError && <Field.ErrorText data-testid="recipient-email-error">{emailError}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
