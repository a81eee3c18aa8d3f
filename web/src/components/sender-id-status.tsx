/**
 * A sender ID's standing as a badge, and what it means for the account (spec §4 "Sender ID",
 * §3 senderIdForceReverifyEndTime in the user's time zone). Also used on support's review page.
 */
import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { senderIdState, type SenderIdState } from '../../../shared/domain/sender-ids.js';
import type { TSenderId } from '../api/sms-settings.js';
import { useFormatters } from '../format/use-formatters.js';

const PALETTE: Record<SenderIdState, string> = { pending: 'yellow', verified: 'green', reverifying: 'orange', lapsed: 'red', rejected: 'red' };

export function SenderIdStatusBadge({ senderId }: { senderId: TSenderId }) {
  const { t } = useTranslation('sms-settings');
  const state = senderIdState(senderId, new Date());
  return (
    <Badge colorPalette={PALETTE[state]} data-testid="sender-id-status" data-state={state}>
      {t(`status.${state}`)}
    </Badge>
  );
}

/** The reason of a rejection, or until when a forced re-verification lets the ID be used. */
export function SenderIdDetail({ senderId }: { senderId: TSenderId }) {
  const { t } = useTranslation('sms-settings');
  const { dateTime } = useFormatters();
  const state = senderIdState(senderId, new Date());
  const time = senderId.senderIdForceReverifyEndTime ? dateTime(senderId.senderIdForceReverifyEndTime) : '';
  return (
    <Text fontSize="sm" color={state === 'lapsed' || state === 'rejected' ? 'fg.error' : 'fg.muted'} data-testid="sender-id-detail">
      {t(`detail.${state}`, { time, reason: senderId.reason ?? '' })}
    </Text>
  );
}
