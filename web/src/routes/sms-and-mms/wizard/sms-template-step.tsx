/**
 * select-template (spec §2.1, SMS): the message starts from a copy of one of the account's SMS
 * templates (later edits of the template do not change the campaign) or from a blank message,
 * then opens in enter-message. Choosing a template replaces the message written so far.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchTemplate } from '../../../api/templates.js';
import { showError } from '../../../components/error-dialog.js';
import { wizardStepPath } from '../../../paths/campaigns.js';
import { OwnTemplates } from '../../../components/templates/template-chooser.js';
import type { SmsDraft } from './sms-draft.js';

export function SmsTemplateStep({ draft }: { draft: SmsDraft }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const openEditor = async () => {
    await draft.save('select-template', 'manual');
    navigate(wizardStepPath(draft.type, 'enter-message', draft.id));
  };
  return (
    <Stack gap="6" data-testid="select-template-step">
      <Stack gap="2" align="start">
        <Text color="fg.muted">{t('sms.template.intro')}</Text>
        <Button variant="outline" onClick={() => openEditor().catch((failure: unknown) => showError(failure, { entity: 'campaign' }))} data-testid="write-message">
          {t(draft.command.message ? 'sms.template.keep' : 'sms.template.blank')}
        </Button>
      </Stack>
      <OwnTemplates
        kind="sms"
        onChoose={async (summary) => {
          const template = await fetchTemplate(summary.id);
          if (template.content.kind !== 'sms' || draft.readOnly) return;
          draft.update({ message: template.content.text, templateId: template.id });
          await openEditor();
        }}
      />
    </Stack>
  );
}
