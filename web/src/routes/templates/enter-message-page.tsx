/**
 * `/templates/enter-message?id=&kind=sms|mms` (spec §2.1, §2.2 templates-enterMessage): the SMS
 * or MMS template editor, full screen. The SMS counter shows what will be billed; an MMS adds a
 * subject and media by URL.
 */
import { useMemo, useState } from 'react';
import { Field, Flex, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { TEMPLATE_LIMITS, messageTextLimit } from '../../../../shared/domain/templates.js';
import { ZMmsMedia, type TMmsMedia, type TTemplateContent } from '../../../../shared/schemas/templates.js';
import { useFieldSchemas } from '../../api/contacts.js';
import { notify } from '../../components/toaster.js';
import { EditorLayout, useEditorPlaceholder } from '../../components/template-editor/editor-layout.js';
import { MessageField, MultilineInput, PhonePreview } from '../../components/template-editor/message-field.js';
import { useTemplateName } from '../../components/template-editor/template-name-field.js';
import { editorPathOf, templatePaths, type MessageKind } from '../../paths/templates.js';
import { mediaUrlsOf } from '../../components/template-editor/text-insertion.js';
import { useTemplateEditor, type TemplateEditor } from '../../components/template-editor/use-template-editor.js';
import { useTemplateText } from '../../components/template-editor/use-template-text.js';

export default function EnterMessagePage() {
  const editor = useTemplateEditor();
  const [params] = useSearchParams();
  const placeholder = useEditorPlaceholder(editor);
  if (placeholder) return placeholder;
  const { template } = editor;
  if (template?.kind === 'email') return <Navigate to={editorPathOf(template)} replace />;
  const kind: MessageKind = template?.kind ?? (params.get('kind') === 'mms' ? 'mms' : 'sms');
  return <MessageEditor key={editor.sessionKey} editor={editor} kind={kind} />;
}

function MessageEditor({ editor, kind }: { editor: TemplateEditor; kind: MessageKind }) {
  const { t } = useTranslation('templates');
  const initial = editor.template?.content.kind === kind ? editor.template.content : null;
  const name = useTemplateName(editor.template?.name ?? '');
  const message = useTemplateText(initial?.text ?? '');
  const [subject, setSubject] = useState(initial?.kind === 'mms' ? initial.subject : '');
  // What the template had when opened: media named by the file manager keep their names and types.
  const [initialMedia] = useState(initial?.kind === 'mms' ? initial.media : []);
  const [mediaLines, setMediaLines] = useState(initialMedia.map((media) => media.url).join('\n'));
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { schemas: fields } = useFieldSchemas();

  const content = useMemo((): TTemplateContent => {
    if (kind === 'sms') return { kind, text: message.text };
    const known = new Map(initialMedia.map((media) => [media.url, media]));
    const media: TMmsMedia[] = mediaUrlsOf(mediaLines).map((url) => known.get(url) ?? { url });
    return { kind, subject, text: message.text, media };
  }, [kind, message.text, subject, mediaLines, initialMedia]);
  const [saved, setSaved] = useState<string>(() => JSON.stringify({ name: editor.template?.name ?? '', content }));
  const isDirty = JSON.stringify({ name: name.name.trim(), content }) !== saved;

  const textLimit = messageTextLimit(kind, kind === 'mms' ? subject : '');

  const mediaProblem = (): string | null => {
    if (content.kind !== 'mms') return null;
    if (content.media.length > TEMPLATE_LIMITS.mmsMedia) return t('mms.tooManyMedia', { n: TEMPLATE_LIMITS.mmsMedia });
    const wrong = content.media.find((media) => !ZMmsMedia.safeParse(media).success);
    return wrong ? t('mms.invalidUrl', { url: wrong.url }) : null;
  };

  const save = async () => {
    const wantedName = name.check();
    const problem = mediaProblem();
    setMediaError(problem);
    if (wantedName === null || problem) return;
    setSaving(true);
    try {
      await editor.save({ name: wantedName, content }, (id) => templatePaths.enterMessage(kind, id));
      setSaved(JSON.stringify({ name: wantedName, content }));
      notify({ type: 'success', title: t('editor.savedToast', { name: wantedName }) });
    } catch (failure) {
      name.fail(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditorLayout
      editor={editor}
      title={t(`editor.title.${kind}`)}
      backTo={templatePaths.list('message', kind)}
      name={name}
      isDirty={isDirty}
      isSaving={isSaving}
      onSave={() => void save()}
      testId="message-editor"
    >
      <Flex h="full" overflowY="auto" justify="center" gap="8" p={{ base: '4', md: '8' }} wrap="wrap" align="flex-start">
        <Stack gap="4" flex="1" minW="xs" maxW="2xl" bg="bg" borderWidth="1px" rounded="xl" p="5" shadow="xs">
          {kind === 'mms' && (
            <Field.Root readOnly={editor.readOnly}>
              <Field.Label>{t('mms.subject')}</Field.Label>
              <Input value={subject} onChange={(event) => setSubject(event.currentTarget.value)} readOnly={editor.readOnly} maxLength={TEMPLATE_LIMITS.mmsSubjectLength} data-testid="mms-subject" />
            </Field.Root>
          )}
          <MessageField kind={kind} message={message} fields={fields ?? []} textLimit={textLimit} readOnly={editor.readOnly} />
          {kind === 'mms' && (
            <Field.Root readOnly={editor.readOnly} invalid={mediaError !== null}>
              <Field.Label>{t('mms.media')}</Field.Label>
              <MultilineInput fontFamily="mono" fontSize="sm">
                <textarea
                  value={mediaLines}
                  onChange={(event) => {
                    setMediaLines(event.currentTarget.value);
                    setMediaError(null);
                  }}
                  readOnly={editor.readOnly}
                  rows={3}
                  placeholder="https://"
                  data-testid="mms-media"
                />
              </MultilineInput>
              {mediaError ? <Field.ErrorText>{mediaError}</Field.ErrorText> : <Field.HelperText>{t('mms.mediaHint', { n: TEMPLATE_LIMITS.mmsMedia })}</Field.HelperText>}
            </Field.Root>
          )}
        </Stack>
        <PhonePreview subject={kind === 'mms' ? subject : ''} text={message.text} media={content.kind === 'mms' ? content.media : []} />
      </Flex>
    </EditorLayout>
  );
}
