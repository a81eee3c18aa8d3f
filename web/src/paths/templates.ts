/** The templates area's URLs (spec §2.1 /templates and its editors), built in one place. */
import type { TemplateKind, TTemplateSummary } from '../api/templates.js';

export type MessageKind = Exclude<TemplateKind, 'email'>;

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const templatePaths = {
  /** `?tab=0` email templates, `?tab=1` SMS and MMS templates (of `kind`, SMS by default). */
  list: (tab: 'email' | 'message' = 'email', kind?: MessageKind) => withQuery('/templates', { tab: tab === 'email' ? '0' : '1', kind: tab === 'message' ? kind : undefined }),
  templateEditor: (id?: string) => withQuery('/templates/template-editor', { id }),
  codeEditor: (id?: string) => withQuery('/templates/code-editor', { id }),
  enterMessage: (kind: MessageKind, id?: string) => withQuery('/templates/enter-message', { id, kind }),
  convertPage: () => '/templates/convert-page',
  selectTemplate: () => '/templates/select-template',
} as const;

/** The editor a template opens in: the one that made it (a converted page is HTML, so the code editor). */
export function editorPathOf(template: Pick<TTemplateSummary, 'id' | 'kind' | 'editor'>): string {
  if (template.kind !== 'email') return templatePaths.enterMessage(template.kind, template.id);
  return template.editor === 'dragAndDrop' ? templatePaths.templateEditor(template.id) : templatePaths.codeEditor(template.id);
}
