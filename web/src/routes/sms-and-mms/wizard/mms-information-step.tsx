/**
 * information (spec §2.1, MMS): the campaign's name (trimmed, unique: check-title when the field is
 * left) and the MMS subject, the line phones show above the message. An MMS has no select-template
 * step, so its templates are offered here: one's subject and text are copied into the campaign
 * (later edits of the template do not change it). A template's media are web addresses, not files
 * of the file manager, so they are attached in the editor.
 */
import { Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TEMPLATE_LIMITS } from '../../../../../shared/domain/templates.js';
import { fetchTemplate } from '../../../api/templates.js';
import { CampaignNameField, useCampaignName } from '../../../components/campaigns/campaign-name-field.js';
import { wizardStepPath } from '../../../paths/campaigns.js';
import { OwnTemplates } from '../../../components/templates/template-chooser.js';
import type { SmsDraft } from './sms-draft.js';

export function MmsInformationStep({ draft }: { draft: SmsDraft }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const name = useCampaignName(draft.command.name ?? draft.campaign.name);
  const { command, readOnly } = draft;
  return (
    <Stack gap="10" data-testid="information-step">
      <Stack gap="5" maxW="2xl">
        <CampaignNameField state={name} campaignId={draft.id} readOnly={readOnly} onUnique={(unique) => unique !== (command.name ?? draft.campaign.name) && draft.update({ name: unique })} />
        <Field.Root readOnly={readOnly}>
          <Field.Label>{t('sms.info.subject')}</Field.Label>
          <Input value={command.subject ?? ''} maxLength={TEMPLATE_LIMITS.mmsSubjectLength} onChange={(event) => draft.update({ subject: event.currentTarget.value })} data-testid="campaign-subject" />
          <Field.HelperText>{t('sms.info.subjectHint')}</Field.HelperText>
        </Field.Root>
      </Stack>
      {!readOnly && (
        <Stack gap="3">
          <Heading size="md">{t('sms.template.mmsTitle')}</Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('sms.template.mmsIntro')}
          </Text>
          <OwnTemplates
            kind="mms"
            onChoose={async (summary) => {
              const template = await fetchTemplate(summary.id);
              if (template.content.kind !== 'mms') return;
              draft.update({ subject: template.content.subject, message: template.content.text, templateId: template.id });
              await draft.save('information', 'manual');
              navigate(wizardStepPath(draft.type, 'enter-message', draft.id));
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
