/**
 * information (spec §2.1, §5): the campaign's name (trimmed, unique: check-title when the field is
 * left), subject, preheader, sender name and address (offered from the account's verified sender
 * identities, the default sender first) and reply-to. Every change goes into the draft; the send
 * panel below it reviews and sends.
 */
import { useEffect, useState } from 'react';
import { Field, Grid, Input, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CAMPAIGN_LIMITS } from '../../../../../shared/domain/campaign-fields.js';
import { isValidEmail } from '../../../../../shared/domain/email.js';
import { canSendFrom } from '../../../../../shared/domain/sender-identities.js';
import { useCampaignSenders } from '../../../api/sender-identities.js';
import { useUserInfo } from '../../../api/user.js';
import { CampaignNameField, useCampaignName } from '../../../components/campaigns/campaign-name-field.js';
import type { CampaignDraft } from '../../../components/campaign-wizard/use-campaign-draft.js';

type TextKey = 'subject' | 'preheader' | 'senderName' | 'senderEmail' | 'replyTo';

/** `isAddress`: the server takes only an address or nothing, so other text stays in the field, marked, and out of the draft. */
const FIELDS: readonly { key: TextKey; maxLength: number; type?: 'email'; isAddress?: boolean }[] = [
  { key: 'subject', maxLength: CAMPAIGN_LIMITS.subjectLength },
  { key: 'preheader', maxLength: CAMPAIGN_LIMITS.preheaderLength },
  { key: 'senderName', maxLength: CAMPAIGN_LIMITS.senderNameLength },
  { key: 'senderEmail', maxLength: 254, type: 'email' },
  { key: 'replyTo', maxLength: 254, type: 'email', isAddress: true },
];

export function InformationStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation(['campaigns', 'validation', 'email-settings', 'errors']);
  const { user } = useUserInfo();
  const { senders, verifiedDomains, error: sendersError } = useCampaignSenders();
  const name = useCampaignName(draft.command.name ?? draft.campaign.name);
  const { command, readOnly } = draft;
  const [typed, setTyped] = useState<Partial<Record<TextKey, string>>>({});

  // The sender is the default sender (else the first verified one, else the login email) until the user says otherwise.
  useEffect(() => {
    if (!user || command.senderEmail !== undefined || readOnly || (!senders && !sendersError)) return;
    draft.update({ senderEmail: senders?.[0]?.email ?? user.login });
  }, [user, senders, sendersError, command.senderEmail, readOnly]);
  const sendable = (address: string) =>
    !senders || canSendFrom(address, { login: '', verifiedAddresses: senders.map((sender) => sender.email), verifiedDomains: verifiedDomains ?? [] });

  return (
    <Stack gap="5" maxW="2xl" data-testid="information-step">
      {/* Only a name check-title found free goes into the draft: a taken one would fail every save. */}
      <CampaignNameField state={name} campaignId={draft.id} readOnly={readOnly} onUnique={(unique) => unique !== (command.name ?? draft.campaign.name) && draft.update({ name: unique })} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        {FIELDS.map(({ key, maxLength, type, isAddress }) => {
          const value = (isAddress ? typed[key] : undefined) ?? command[key] ?? '';
          const isInvalid = isAddress === true && value.trim() !== '' && !isValidEmail(value);
          const isUnverifiedSender = key === 'senderEmail' && value.trim() !== '' && !sendable(value);
          return (
            <Field.Root key={key} readOnly={readOnly} invalid={isInvalid || isUnverifiedSender} gridColumn={key === 'subject' || key === 'preheader' ? { md: 'span 2' } : undefined} required={key === 'subject'}>
              <Field.Label>
                {t(`info.${key}`)}
                {key === 'subject' && <Field.RequiredIndicator />}
              </Field.Label>
              <Input
                type={type ?? 'text'}
                value={value}
                maxLength={maxLength}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isAddress) setTyped((current) => ({ ...current, [key]: next }));
                  if (!isAddress || next.trim() === '' || isValidEmail(next)) draft.update({ [key]: next });
                }}
                list={key === 'senderEmail' ? 'campaign-senders' : undefined}
                data-testid={`campaign-${key}`}
              />
              {key === 'senderEmail' && (
                <datalist id="campaign-senders" data-testid="campaign-senders">
                  {senders?.map((sender) => <option key={sender.email} value={sender.email} />)}
                </datalist>
              )}
              {isInvalid ? (
                <Field.ErrorText>{t('validation:email', { field: t(`info.${key}`) })}</Field.ErrorText>
              ) : isUnverifiedSender ? (
                <Field.ErrorText data-testid="campaign-sender-unverified">
                  {t('errors:VALIDATE_SENDER_UNVERIFIED')}{' '}
                  <Link asChild>
                    <RouterLink to="/settings/emails">{t('email-settings:sender.manage')}</RouterLink>
                  </Link>
                </Field.ErrorText>
              ) : (
                <Field.HelperText>{t(`info.${key}Hint`)}</Field.HelperText>
              )}
            </Field.Root>
          );
        })}
      </Grid>
    </Stack>
  );
}
