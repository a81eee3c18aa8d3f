/**
 * select-template (spec §2.1): the campaign's message starts from a ready-made layout or a copy of
 * one of the account's email templates (later edits of the template do not change the campaign),
 * then opens in the editor it was made with.
 */
import { useNavigate } from 'react-router-dom';
import { fetchTemplate } from '../../../api/templates.js';
import { showError } from '../../../components/error-dialog.js';
import { TemplateChooser } from '../../../components/templates/template-chooser.js';
import { emailPaths } from '../../../paths/campaigns.js';
import type { CampaignDraft, EmailContent } from '../../../components/campaign-wizard/use-campaign-draft.js';

/** The wizard step that edits this content. */
export function editorStepOf(content: Pick<EmailContent, 'editor'>) {
  return content.editor === 'dragAndDrop' ? 'template-editor' : 'code-editor';
}

export function SelectTemplateStep({ draft }: { draft: CampaignDraft }) {
  const navigate = useNavigate();
  const use = async (content: EmailContent, templateId: string | null) => {
    draft.update({ content, templateId });
    await draft.save('select-template', 'manual');
    navigate(emailPaths.step(editorStepOf(content), draft.id));
  };
  return (
    <TemplateChooser
      onLayout={(html) => use({ kind: 'email', editor: 'dragAndDrop', html: html ?? '', project: null }, null).catch((failure: unknown) => showError(failure, { entity: 'campaign' }))}
      onTemplate={async (summary) => {
        const template = await fetchTemplate(summary.id);
        if (template.content.kind !== 'email') return;
        await use(template.content, template.id);
      }}
    />
  );
}
