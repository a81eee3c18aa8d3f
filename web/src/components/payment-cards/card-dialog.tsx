/**
 * 'Add or change payment method' (billing §2, §4): the cardholder's name and the card field.
 * Confirm stays disabled while the name is empty, the card empty, incomplete or in error, or a
 * request is running. The server makes a SetupIntent (a new card, or one replacing `replaces`),
 * the browser confirms it with the card (3-D Secure when the card asks). A failure removes the
 * card field and opens the error dialog with the card's code.
 */
import { useState } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../../shared/constants.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ApiError } from '../../api/errors.js';
import { startAddCard, startChangeCard, type TCard } from '../../api/payments.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { CardEntry, CardPayments, useCardPayments } from '../payments/card-payments.js';
import type { CardEntryChange, CardError } from '../payments/card-provider.js';

/** How the dialog closed (billing §4): a new card's id, a changed card, or a failure (no reload). */
export type CardDialogResult = { outcome: 'addUpdate'; paymentMethodId: string } | { outcome: 'success' } | { outcome: 'fail' } | { outcome: 'cancel' };

type Props = { currency: string; replaces: TCard | null; onClose(result: CardDialogResult): void };

/** Billing §8: a card_declined setup is shown by its decline code. */
function cardApiError(error: CardError): ApiError {
  const code = error.code === ERROR_CODES.CARD_DECLINED && error.decline_code ? error.decline_code : error.code;
  return new ApiError({ code, message: error.message, httpStatus: 402, stripeMessage: error.message });
}

function CardForm({ currency, replaces, onClose }: Props) {
  const { t } = useTranslation('checkout');
  const provider = useCardPayments();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [card, setCard] = useState<CardEntryChange>({ complete: false, empty: true, error: null });
  const [cardShown, setCardShown] = useState(true);
  const [busy, setBusy] = useState(false);
  const nameMissing = name.trim() === '';
  const canSubmit = !nameMissing && card.complete && !card.empty && !card.error && provider !== null && cardShown;

  const submit = async () => {
    if (!canSubmit || !provider) return;
    setBusy(true);
    try {
      const answer = replaces ? await startChangeCard(currency, replaces.id) : await startAddCard(currency);
      const result = await provider.confirmCardSetup(answer.data.setupIntent.client_secret, { name: name.trim() });
      if ('error' in result) {
        setCardShown(false);
        // The setup intent's own authentication failure was seen by the buyer; the dialog still says so.
        showError(cardApiError(result.error));
        onClose({ outcome: 'fail' });
        return;
      }
      onClose(replaces ? { outcome: 'success' } : { outcome: 'addUpdate', paymentMethodId: result.setupIntent.paymentMethodId ?? '' });
    } catch (error) {
      setCardShown(false);
      showError(error);
      onClose({ outcome: 'fail' });
    }
  };

  return (
    <FormDialog
      title={t('cardDialog.title')}
      submitLabel={t('cardDialog.confirm')}
      submitTestId="card-dialog-confirm"
      canSubmit={canSubmit}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={() => onClose({ outcome: 'cancel' })}
      maxW={`${DIALOG_WIDTHS.checkoutCards}px`}
      testId="card-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={nameTouched && nameMissing}>
          <Field.Label>{t('cardDialog.name')}</Field.Label>
          <Input value={name} autoComplete="cc-name" onChange={(event) => setName(event.target.value)} onBlur={() => setNameTouched(true)} data-testid="card-dialog-name" />
          <Field.ErrorText>{t('cardDialog.nameRequired')}</Field.ErrorText>
        </Field.Root>
        {cardShown && (
          <Field.Root>
            <Field.Label>{t('cardDialog.card')}</Field.Label>
            <CardEntry onChange={setCard} showIncomplete={!card.empty && !card.complete} />
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
}

export function CardDialog(props: Props) {
  return (
    <CardPayments>
      <CardForm {...props} />
    </CardPayments>
  );
}
