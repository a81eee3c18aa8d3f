/**
 * `/templates/enter-message?id=&kind=sms|mms` (spec §2.1, §2.2 templates-enterMessage): the SMS
 * or MMS template editor, full screen. The SMS counter shows what will be billed; an MMS adds a
 * subject and media by URL.
 */
import { useMemo, useState } from 'react';
import { Box, Field, Flex, HStack, Input, Stack, Text, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { parseTemplateTags } from '../../../../shared/domain/personalization.js';
import { countSmsSegments } from '../../../../shared/domain/sms-segments.js';
import { TEMPLATE_LIMITS } from '../../../../shared/domain/templates.js';
import { ZMmsMedia, type TMmsMedia, type TTemplateContent } from '../../../../shared/schemas/templates.js';
import { useFieldSchemas } from '../../api/contacts.js';
import { notify } from '../../components/toaster.js';
import { useFormatters } from '../../format/use-formatters.js';
import { EditorLayout, useEditorPlaceholder } from './components/editor-layout.js';
import { InsertTagMenu } from './components/insert-tag-menu.js';
import { SmsCounter } from './components/message-counter.js';
import { TagProblems } from './components/tag-problems.js';
import { useTemplateName } from './components/template-name-field.js';
import { editorPathOf, templatePaths, type MessageKind } from './paths.js';
import { mediaUrlsOf } from './text-insertion.js';
import { useTemplateEditor, type TemplateEditor } from './use-template-editor.js';
import { useTemplateText } from './use-template-text.js';

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
  const { number } = useFormatters();
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

  const count = useMemo(() => countSmsSegments(message.text), [message.text]);
  const { problems } = useMemo(() => parseTemplateTags(message.text, { fields }), [message.text, fields]);
  const textLimit = kind === 'sms' ? TEMPLATE_LIMITS.smsTextLength : TEMPLATE_LIMITS.mmsTextLength;

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
          <Field.Root readOnly={editor.readOnly}>
            <HStack justify="space-between" w="full">
              <Field.Label>{t('message.label')}</Field.Label>
              <InsertTagMenu fields={fields ?? []} channel="message" disabled={editor.readOnly} onInsert={message.insert} />
            </HStack>
            <MultilineInput>
              <textarea
                ref={message.ref}
                value={message.text}
                onChange={(event) => message.setText(event.currentTarget.value)}
                readOnly={editor.readOnly}
                maxLength={textLimit}
                rows={9}
                placeholder={t('message.placeholder')}
                data-testid="message-text"
              />
            </MultilineInput>
            <Field.HelperText w="full">
              {kind === 'sms' ? (
                <SmsCounter count={count} />
              ) : (
                <Text data-testid="mms-counter">{t('counter.mms', { n: number(count.characters), max: number(textLimit) })}</Text>
              )}
            </Field.HelperText>
          </Field.Root>
          <TagProblems problems={problems} onSelect={(problem) => message.select(problem.start, problem.end)} />
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
        <PhonePreview subject={kind === 'mms' ? subject : ''} text={message.text} mediaCount={content.kind === 'mms' ? content.media.length : 0} />
      </Flex>
    </EditorLayout>
  );
}

/**
 * A text box that looks like the app's inputs: the theme carries the input recipe and not the
 * textarea one, which would grow the initial bundle for two pages.
 */
function MultilineInput(props: InputProps) {
  return <Input asChild h="auto" py="2" lineHeight="tall" resize="vertical" {...props} />;
}

/** The message as a phone shows it, tags as written. */
function PhonePreview({ subject, text, mediaCount }: { subject: string; text: string; mediaCount: number }) {
  const { t } = useTranslation('templates');
  return (
    <Box w="72" flexShrink="0" bg="bg" borderWidth="1px" rounded="3xl" p="4" shadow="sm" aria-label={t('message.preview')} role="figure">
      <Box h="1.5" w="16" mx="auto" mb="4" rounded="full" bg="bg.emphasized" />
      <Stack minH="64" gap="2">
        {(text || subject || mediaCount > 0) && (
          <Box alignSelf="flex-start" maxW="85%" bg="bg.muted" rounded="2xl" roundedBottomLeft="sm" px="3" py="2" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-preview">
            {subject && <Text fontWeight="semibold">{subject}</Text>}
            {mediaCount > 0 && (
              <Text color="fg.muted" fontSize="xs">
                {t('mms.attachments', { count: mediaCount })}
              </Text>
            )}
            {text}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
