/**
 * The payment-card list (billing §2, §4): the account's saved cards in one currency, one of them
 * chosen for the payment (a single card is chosen by itself), each with Change and Delete; Add
 * is always offered. A card that plans renew with asks before it is changed and cannot be deleted.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Flex, Heading, Menu, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CARD_LIST_RELOAD_MS } from '../../../../shared/constants.js';
import { deleteCard, useCards, type TCard } from '../../api/payments.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { PencilIcon, PlusIcon, TrashIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { MessageDialog } from '../message-dialog.js';
import { DangerMenuItem, RowMenu } from '../row-menu.js';
import { CardBrand } from './card-brand.js';
import { CardDialog, type CardDialogResult } from './card-dialog.js';

type Props = {
  currency: string;
  /** The chosen card's id (checkout); omitted where cards are only managed (settings). */
  selectedId?: string | null;
  onSelect?(cardId: string | null): void;
  /** A failed payment's words, shown beside the cards (billing §4 payment flow). */
  paymentError?: string | null;
};

type Pending = { kind: 'add' } | { kind: 'change'; card: TCard } | { kind: 'changeWarning'; card: TCard } | { kind: 'delete'; card: TCard } | { kind: 'inUse'; card: TCard };

function CardLabel({ card }: { card: TCard }) {
  const { t } = useTranslation('checkout');
  return (
    <Flex align="center" gap="3" minW="0">
      <CardBrand brand={card.card.brand} />
      <Box minW="0">
        <Text fontWeight="medium">{t('cards.ending', { last4: card.card.last4 })}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('cards.expires', { month: String(card.card.exp_month).padStart(2, '0'), year: card.card.exp_year })}
        </Text>
      </Box>
    </Flex>
  );
}

function CardActions({ card, onChange, onDelete }: { card: TCard; onChange(): void; onDelete(): void }) {
  const { t } = useTranslation('checkout');
  return (
    <RowMenu label={t('cards.actions', { last4: card.card.last4 })} testId={`card-menu-${card.card.last4}`}>
      <Menu.Item value="change" onClick={onChange} data-testid="card-change">
        <PencilIcon />
        {t('cards.change')}
      </Menu.Item>
      <DangerMenuItem value="delete" icon={<TrashIcon />} onClick={onDelete} testId="card-delete">
        {t('cards.delete')}
      </DangerMenuItem>
    </RowMenu>
  );
}

export function PaymentCards({ currency, selectedId, onSelect, paymentError }: Props) {
  const { t } = useTranslation('checkout');
  const { cards, error, isLoading, refetch } = useCards(currency);
  const [pending, setPending] = useState<Pending | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  // A single card is the choice; a chosen card that is gone is no longer chosen.
  useEffect(() => {
    if (!cards || !onSelect) return;
    if (cards.length === 1 && selectedId !== cards[0].id) onSelect(cards[0].id);
    else if (selectedId && !cards.some((card) => card.id === selectedId)) onSelect(null);
  }, [cards, selectedId, onSelect]);

  const reloadSoon = () => {
    void refetch();
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void refetch(), CARD_LIST_RELOAD_MS);
  };
  const askChange = (card: TCard) => setPending(card.orderCount > 0 ? { kind: 'changeWarning', card } : { kind: 'change', card });
  const askDelete = (card: TCard) => setPending(card.orderCount > 0 ? { kind: 'inUse', card } : { kind: 'delete', card });
  const closeCardDialog = (result: CardDialogResult) => {
    setPending(null);
    if (result.outcome !== 'fail') reloadSoon();
    if (result.outcome === 'addUpdate' && onSelect) onSelect(result.paymentMethodId);
  };

  let body: ReactNode;
  if (error) body = <ListError title={t('cards.loadFailed')} onRetry={() => void refetch()} testId="cards-error" />;
  else if (isLoading || !cards) body = <ListSkeleton rows={2} />;
  else if (cards.length === 0)
    body = (
      <ListMessage icon={PlusIcon} title={t('cards.empty')} text={t('cards.emptyText')} testId="cards-empty">
        <Button size="sm" colorPalette="brand" onClick={() => setPending({ kind: 'add' })} data-testid="cards-add-first">
          {t('cards.add')}
        </Button>
      </ListMessage>
    );
  else if (cards.length === 1 || !onSelect)
    body = (
      <Stack gap="2">
        {cards.map((card) => (
          <Flex key={card.id} align="center" justify="space-between" gap="3" borderWidth="1px" rounded="lg" px="3" py="2" data-testid="card-row">
            <CardLabel card={card} />
            <CardActions card={card} onChange={() => askChange(card)} onDelete={() => askDelete(card)} />
          </Flex>
        ))}
      </Stack>
    );
  else
    body = (
      <RadioGroup.Root value={selectedId ?? null} onValueChange={(details) => onSelect(details.value)} aria-label={t('cards.title')}>
        <Stack gap="2">
          {cards.map((card) => (
            <Flex key={card.id} align="center" justify="space-between" gap="3" borderWidth="1px" rounded="lg" px="3" py="2" borderColor={card.id === selectedId ? 'brand.solid' : undefined} data-testid="card-row">
              <RadioGroup.Item value={card.id} data-testid={`card-choice-${card.card.last4}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <CardLabel card={card} />
                </RadioGroup.ItemText>
              </RadioGroup.Item>
              <CardActions card={card} onChange={() => askChange(card)} onDelete={() => askDelete(card)} />
            </Flex>
          ))}
        </Stack>
      </RadioGroup.Root>
    );

  return (
    <Stack gap="3" data-testid="payment-cards">
      <Flex align="center" justify="space-between">
        <Heading as="h3" size="md">
          {t('cards.title')}
        </Heading>
        {cards && cards.length > 0 && (
          <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => setPending({ kind: 'add' })} data-testid="cards-add">
            <PlusIcon /> {t('cards.add')}
          </Button>
        )}
      </Flex>
      {body}
      {paymentError && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="payment-error">
          {paymentError}
        </Text>
      )}
      {(pending?.kind === 'add' || pending?.kind === 'change') && (
        <CardDialog currency={currency} replaces={pending.kind === 'change' ? pending.card : null} onClose={closeCardDialog} />
      )}
      {pending?.kind === 'changeWarning' && (
        <ConfirmDialog title={t('cards.changeWarningTitle')} confirmLabel={t('cards.change')} onConfirm={async () => setPending({ kind: 'change', card: pending.card })} onClose={() => setPending(null)} testId="card-change-warning">
          <Text>{t('cards.changeWarning', { count: pending.card.orderCount })}</Text>
        </ConfirmDialog>
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          title={t('cards.deleteTitle')}
          confirmLabel={t('cards.delete')}
          destructive
          onConfirm={async () => {
            await deleteCard(currency, pending.card);
            setPending(null);
            reloadSoon();
          }}
          onClose={() => setPending(null)}
          testId="card-delete-dialog"
        >
          <Text>{t('cards.deleteText', { last4: pending.card.card.last4 })}</Text>
        </ConfirmDialog>
      )}
      {pending?.kind === 'inUse' && (
        <MessageDialog title={t('cards.inUseTitle')} onClose={() => setPending(null)} testId="card-in-use">
          <Text>{t('cards.inUse', { count: pending.card.orderCount })}</Text>
        </MessageDialog>
      )}
    </Stack>
  );
}
