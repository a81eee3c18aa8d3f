/** `/templates/code-editor?id=` (spec §2.1, §2.2 templates-CKEditor): an email template written as HTML. */
import { Navigate } from 'react-router-dom';
import { CodeEditor } from '../../components/template-editor/code-editor.js';
import { useEditorPlaceholder } from '../../components/template-editor/editor-layout.js';
import { useTemplateEditor } from '../../components/template-editor/use-template-editor.js';
import { editorPathOf } from '../../paths/templates.js';

export default function CodeEditorPage() {
  const editor = useTemplateEditor();
  const placeholder = useEditorPlaceholder(editor);
  if (placeholder) return placeholder;
  const { template } = editor;
  if (template && (template.content.kind !== 'email' || template.content.editor === 'dragAndDrop')) return <Navigate to={editorPathOf(template)} replace />;
  return <CodeEditor key={editor.sessionKey} editor={editor} />;
}
