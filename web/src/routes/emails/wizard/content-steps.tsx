/**
 * The message steps that reuse the template editors (spec §2.1 code-editor, template-editor,
 * convert-page): the same editors as /templates, writing into the campaign's command instead of a
 * template. The wizard holds the campaign's edit lock; each save of an editor saves the campaign.
 */
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showError } from '../../../components/error-dialog.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { CodeEditor } from '../../../components/template-editor/code-editor.js';
import { PageConverter } from '../../../components/template-editor/page-converter.js';
import { TemplateEditor } from '../../../components/template-editor/template-editor.js';
import type { TemplateEditor as EditorState } from '../../../components/template-editor/use-template-editor.js';
import { emailPaths } from '../../../paths/campaigns.js';
import type { CampaignDraft, EmailContent } from '../../../components/campaign-wizard/use-campaign-draft.js';

type EditorStepProps = { draft: CampaignDraft; step: 'code-editor' | 'template-editor' };

/** A full-screen editor of the campaign's message; Back (in its bar) returns to select-template. */
export function ContentEditorStep({ draft, step }: EditorStepProps) {
  const { t } = useTranslation('campaigns');
  const content = draft.command.content ?? null;
  const name = draft.command.name ?? draft.campaign.name;
  const backTo = emailPaths.step('select-template', draft.id);
  const backLabel = t('content.back');
  const save = async (next: EmailContent) => {
    draft.update({ content: next });
    await draft.save(step, 'manual');
  };
  // grapesjs opens read-only (preview) when told to, and stays so: it waits to know whether the lock is held.
  if (draft.lock.status === 'taking') return <PageSpinner fullScreen />;
  if (step === 'template-editor') {
    // A message written as HTML opens in the drag-and-drop editor as a design rebuilt from that HTML.
    return <TemplateEditor template={null} campaign={{ name, content, readOnly: draft.readOnly, backTo, backLabel, savedLabel: t('content.saved', { name }), save }} />;
  }
  const editor: EditorState = {
    templateId: draft.id,
    sessionKey: draft.id,
    isReady: true,
    template: undefined,
    loadError: undefined,
    lock: draft.lock,
    readOnly: draft.readOnly,
    isShared: false,
    // A design opened as HTML is HTML from then on: its drag-and-drop project would be stale.
    campaign: { name, content: content && (content.editor === 'dragAndDrop' ? { ...content, editor: 'code', project: null } : content), backTo, backLabel },
    save: ({ content: next }) => (next.kind === 'email' ? save(next) : Promise.resolve()),
  };
  return <CodeEditor editor={editor} />;
}

/** A web page converted to email HTML becomes the message, then opens in the code editor. */
export function ConvertPageStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const use = async (html: string) => {
    try {
      draft.update({ content: { kind: 'email', editor: 'convertedPage', html, project: null }, templateId: null });
      await draft.save('convert-page', 'manual');
      navigate(emailPaths.step('code-editor', draft.id));
    } catch (failure) {
      showError(failure, { entity: 'campaign' });
    }
  };
  return (
    <PageConverter
      renderActions={(html) => (
        <Button alignSelf="start" onClick={() => void use(html)} disabled={draft.readOnly} data-testid="convert-use">
          {t('content.useConverted')}
        </Button>
      )}
    />
  );
}
