/**
 * `/templates/template-editor?id=` (spec §2.1, §2.2 full-screen editor): the drag-and-drop email
 * editor. Without `id` it makes a new template; the first save creates it and the URL gains the
 * id without reloading the editor. An existing template is edited under its edit lock (spec §4);
 * when someone else holds it, the error dialog names them and the design opens read-only.
 */
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ApiError } from '../../api/errors.js';
import { useSharedTemplate } from '../../api/template-shares.js';
import { useTemplate } from '../../api/templates.js';
import { ErrorPage } from '../../components/error-page.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { TemplateEditor } from '../../components/template-editor/template-editor.js';
import { useTemplatePermissions } from '../../components/templates/use-template-permissions.js';
import { editorPathOf } from '../../paths/templates.js';

export default function TemplateEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const location = useLocation();
  const { canWrite } = useTemplatePermissions();
  // The template this page created: its id arriving in the URL must not reload the open editor.
  const [createdId, setCreatedId] = useState<string | null>(null);
  // Counts fresh starts, so a URL without an id after a creation opens an empty editor again.
  const [newSession, setNewSession] = useState(0);
  if (!id && createdId !== null) {
    setCreatedId(null);
    setNewSession(newSession + 1);
  }
  if (!canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  // `&share=`: another account's template shared with this one (spec §4), read and saved through the share.
  const shareId = id ? params.get('share') : null;
  if (id && shareId) return <SharedTemplate key={shareId} shareId={shareId} />;
  if (id && id !== createdId) return <ExistingTemplate key={id} id={id} />;
  return <TemplateEditor key={`new-${newSession}`} template={null} starterHtml={starterHtmlOf(location.state)} onCreated={setCreatedId} />;
}

/** The layout /templates/select-template chose to start from (history state, so a reload keeps it). */
function starterHtmlOf(state: unknown): string | null {
  const html = (state as { starterHtml?: unknown } | null)?.starterHtml;
  return typeof html === 'string' ? html : null;
}

function ExistingTemplate({ id }: { id: string }) {
  const { template, error } = useTemplate(id);
  if (error) return <ErrorPage code={error instanceof ApiError ? error.code : undefined} />;
  if (!template) return <PageSpinner fullScreen />;
  // Code and SMS templates have editors of their own.
  if (template.content.kind !== 'email' || template.content.editor !== 'dragAndDrop') return <Navigate to={editorPathOf(template)} replace />;
  return <TemplateEditor template={template} />;
}

/**
 * A shared template: its design never leaves the owner's account (docs/decisions.md), so the
 * editor rebuilds it from the sanitised HTML; view rights open it read-only.
 */
function SharedTemplate({ shareId }: { shareId: string }) {
  const { shared, error } = useSharedTemplate(shareId);
  if (error) return <ErrorPage code={error instanceof ApiError ? error.code : undefined} />;
  if (!shared) return <PageSpinner fullScreen />;
  const { template, share } = shared;
  if (template.content.kind !== 'email' || template.content.editor !== 'dragAndDrop') {
    return <Navigate to={`${editorPathOf(template)}&share=${encodeURIComponent(shareId)}`} replace />;
  }
  return <TemplateEditor template={template} share={share} />;
}
