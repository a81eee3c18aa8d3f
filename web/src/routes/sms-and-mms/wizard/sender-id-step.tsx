/**
 * sender-id (spec §2.1, SMS only): the campaign's name (check-title when the field is left, as on
 * email's information step: an SMS has no information step, and this is where its details are),
 * and who the SMS comes from: one of the account's verified sender IDs, or none for the shared
 * pool's number. IDs awaiting verification, rejected, or past a forced re-verification's end are
 * shown and cannot be chosen; new ones are requested in the SMS settings.
 */
import { Link, RadioCard, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isSenderIdUsable, senderIdState } from '../../../../../shared/domain/sender-ids.js';
import { useSenderIds } from '../../../api/sms-settings.js';
import { ListError, ListSkeleton } from '../../../components/list-states.js';
import { CampaignNameField, useCampaignName } from '../../../components/campaigns/campaign-name-field.js';
import type { SmsDraft } from './sms-draft.js';

/** The value of "no sender ID" (a radio value cannot be null). */
const SHARED_POOL = 'none';

export function SenderIdStep({ draft }: { draft: SmsDraft }) {
  const { t } = useTranslation('campaigns');
  const name = useCampaignName(draft.command.name ?? draft.campaign.name);
  const { senderIds, error, refetch } = useSenderIds();
  const { command, readOnly } = draft;
  const chosen = command.senderId ?? SHARED_POOL;
  const now = new Date();

  return (
    <Stack gap="6" maxW="2xl" data-testid="sender-id-step">
      {/* Only a name check-title found free goes into the draft: a taken one would fail every save. */}
      <CampaignNameField state={name} campaignId={draft.id} readOnly={readOnly} onUnique={(unique) => unique !== (command.name ?? draft.campaign.name) && draft.update({ name: unique })} />
      {!senderIds ? (
        error ? <ListError title={t('sms.sender.loadFailed')} onRetry={() => void refetch()} testId="sender-ids-error" /> : <ListSkeleton rows={2} />
      ) : (
        <RadioCard.Root value={chosen} onValueChange={(details) => !readOnly && details.value && draft.update({ senderId: details.value === SHARED_POOL ? null : details.value })} data-testid="sender-id-choice">
          <RadioCard.Label>{t('sms.sender.label')}</RadioCard.Label>
          <Stack gap="2">
            <SenderOption value={SHARED_POOL} title={t('sms.sender.none')} description={t('sms.sender.noneHint')} disabled={readOnly} />
            {senderIds.map((senderId) => (
              <SenderOption
                key={senderId.id}
                value={senderId.id}
                title={senderId.senderId}
                description={isSenderIdUsable(senderId, now) ? t('sms.sender.verified') : t(`sms.sender.unusable.${senderIdState(senderId, now)}`, { defaultValue: senderId.status })}
                disabled={readOnly || !isSenderIdUsable(senderId, now)}
              />
            ))}
          </Stack>
        </RadioCard.Root>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t('sms.sender.requestHint')}{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/settings/sms-and-mms" data-testid="sender-id-settings">
            {t('sms.sender.request')}
          </RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}

function SenderOption({ value, title, description, disabled }: { value: string; title: string; description: string; disabled: boolean }) {
  return (
    <RadioCard.Item value={value} disabled={disabled} data-testid="sender-id-option" data-value={value}>
      <RadioCard.ItemHiddenInput />
      <RadioCard.ItemControl>
        <RadioCard.ItemContent>
          <RadioCard.ItemText>{title}</RadioCard.ItemText>
          <RadioCard.ItemDescription>{description}</RadioCard.ItemDescription>
        </RadioCard.ItemContent>
        <RadioCard.ItemIndicator />
      </RadioCard.ItemControl>
    </RadioCard.Item>
  );
}
