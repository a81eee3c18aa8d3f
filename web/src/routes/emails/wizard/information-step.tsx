/**
 * information (spec §2.1, §5): the campaign's name (trimmed, unique: check-title when the field is
 * left), subject, preheader, sender name and address (the login email unless changed) and reply-to.
 * Every change goes into the draft; the send panel below it reviews and sends.
 */
import { useEffect } from 'react';
import { Field, Grid, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS } from '../../../../../shared/domain/campaign-fields.js';
import { useUserInfo } from '../../../api/user.js';
import { CampaignNameField, useCampaignName } from '../../../components/campaigns/campaign-name-field.js';
import type { CampaignDraft } from '../../../components/campaign-wizard/use-campaign-draft.js';

type TextKey = 'subject' | 'preheader' | 'senderName' | 'senderEmail' | 'replyTo';

const FIELDS: readonly { key: TextKey; maxLength: number; type?: 'email' }[] = [
  { key: 'subject', maxLength: CAMPAIGN_LIMITS.subjectLength },
  { key: 'preheader', maxLength: CAMPAIGN_LIMITS.preheaderLength },
  { key: 'senderName', maxLength: CAMPAIGN_LIMITS.senderNameLength },
  { key: 'senderEmail', maxLength: 254, type: 'email' },
  { key: 'replyTo', maxLength: 254, type: 'email' },
];

export function InformationStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const { user } = useUserInfo();
  const name = useCampaignName(draft.command.name ?? draft.campaign.name);
  const { command, readOnly } = draft;

  // The sender is the login email until the user says otherwise.
  useEffect(() => {
    if (user && command.senderEmail === undefined && !readOnly) draft.update({ senderEmail: user.login });
  }, [user, command.senderEmail, readOnly]);

  return (
    <Stack gap="5" maxW="2xl" data-testid="information-step">
      {/* Only a name check-title found free goes into the draft: a taken one would fail every save. */}
      <CampaignNameField state={name} campaignId={draft.id} readOnly={readOnly} onUnique={(unique) => unique !== (command.name ?? draft.campaign.name) && draft.update({ name: unique })} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        {FIELDS.map(({ key, maxLength, type }) => (
          <Field.Root key={key} readOnly={readOnly} gridColumn={key === 'subject' || key === 'preheader' ? { md: 'span 2' } : undefined} required={key === 'subject'}>
            <Field.Label>
              {t(`info.${key}`)}
              {key === 'subject' && <Field.RequiredIndicator />}
            </Field.Label>
            <Input type={type ?? 'text'} value={command[key] ?? ''} maxLength={maxLength} onChange={(event) => draft.update({ [key]: event.currentTarget.value })} data-testid={`campaign-${key}`} />
            <Field.HelperText>{t(`info.${key}Hint`)}</Field.HelperText>
          </Field.Root>
        ))}
      </Grid>
    </Stack>
  );
}
