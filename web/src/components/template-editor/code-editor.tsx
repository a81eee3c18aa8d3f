/**
 * The code editor (spec §2.1, §2.2 templates-CKEditor): an email written as HTML, full screen,
 * beside a live preview in a sandboxed frame, at desktop or phone width, and optionally filled in
 * with a contact's data the way the send will fill it. Edits a template or a campaign's message.
 */
import { useEffect, useMemo, useState } from 'react';
import { Box, Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { compileTemplate, escapeHtml, parseTemplateTags } from '../../../../shared/domain/personalization.js';
import type { TTemplateContent } from '../../../../shared/schemas/templates.js';
import { useFieldSchemas, type TContact, type TFieldSchema } from '../../api/contacts.js';
import { notify } from '../toaster.js';
import { FileManager } from '../../file-manager/lazy-file-manager.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { EditorLayout } from './editor-layout.js';
import { HtmlPreview, type PreviewWidth } from './html-preview.js';
import { InsertTagMenu } from './insert-tag-menu.js';
import { PreviewContactPicker } from './preview-contact-picker.js';
import { SendTestButton } from './send-test-button.js';
import { TagProblems } from './tag-problems.js';
import { useTemplateName } from './template-name-field.js';
import { templatePaths } from '../../paths/templates.js';
import { type TemplateEditor } from './use-template-editor.js';
import { useTemplatePermissions } from '../templates/use-template-permissions.js';
import { useTemplateText } from './use-template-text.js';

/** The preview follows the typing once it pauses this long: a frame reload per key would flicker. */
const PREVIEW_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The HTML with the contact's values, as the send renders it; as written when the tags have problems. */
function previewHtml(html: string, contact: TContact | null, fields: readonly TFieldSchema[]): string {
  if (!contact) return html;
  try {
    // The recipient's own links would be made at send time; here they lead nowhere.
    return compileTemplate(html, { fields, escape: 'html' }).render({ contact, unsubscribeUrl: '#', onlineVersionUrl: '#' });
  } catch {
    return html;
  }
}

/** An email-safe image: block display, scaled down on narrow screens, no border in old clients. */
function imageTag(url: string, name: string): string {
  const alt = name.replace(/\.[^.]+$/, '');
  return `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" style="display: block; max-width: 100%; height: auto; border: 0;">`;
}

/** The editor itself, for a template or (with `editor.campaign`) a campaign's message. */
export function CodeEditor({ editor }: { editor: TemplateEditor }) {
  const { t } = useTranslation('templates');
  const { canReadContacts } = useTemplatePermissions();
  // What the editor opened: the campaign's message or the template.
  const opened = editor.campaign ?? editor.template;
  const initial = opened?.content?.kind === 'email' ? opened.content : null;
  const name = useTemplateName(opened?.name ?? '');
  const source = useTemplateText(initial?.html ?? '');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [contact, setContact] = useState<TContact | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { schemas: fields } = useFieldSchemas();
  const [isPickingImage, setPickingImage] = useState(false);

  const content: TTemplateContent = { kind: 'email', editor: initial?.editor ?? 'code', html: source.text, project: initial?.project ?? null };
  const [saved, setSaved] = useState(() => JSON.stringify({ name: opened?.name ?? '', html: initial?.html ?? '' }));
  const isDirty = JSON.stringify({ name: name.name.trim(), html: source.text }) !== saved;

  const { problems } = useMemo(() => parseTemplateTags(source.text, { fields }), [source.text, fields]);
  const shownHtml = useDebounced(source.text, PREVIEW_DELAY_MS);
  const preview = useMemo(() => previewHtml(shownHtml, contact, fields ?? []), [shownHtml, contact, fields]);

  const save = async () => {
    const wantedName = name.check();
    if (wantedName === null) return;
    setSaving(true);
    try {
      await editor.save({ name: wantedName, content }, templatePaths.codeEditor);
      setSaved(JSON.stringify({ name: wantedName, html: content.html }));
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
      title={t('editor.title.code')}
      backTo={editor.campaign?.backTo ?? templatePaths.list('email')}
      name={name}
      isDirty={isDirty}
      isSaving={isSaving}
      onSave={() => void save()}
      testId="code-editor"
      // A test send is of the account's own templates.
      actions={editor.isShared || editor.campaign ? undefined : <SendTestButton templateId={editor.templateId} contactId={contact?.id} hasUnsavedChanges={isDirty} testId="code-editor-send-test" />}
    >
      <Flex h="full" direction={{ base: 'column', lg: 'row' }}>
        <Stack flex="1" minW="0" minH={{ base: '96', lg: '0' }} gap="0" bg="bg" borderEndWidth={{ lg: '1px' }} borderBottomWidth={{ base: '1px', lg: '0' }}>
          <HStack px="4" py="2" borderBottomWidth="1px" justify="space-between">
            <Text fontSize="sm" fontWeight="semibold">
              {t('code.source')}
            </Text>
            <HStack gap="2">
              <Button size="sm" variant="outline" disabled={editor.readOnly} onClick={() => setPickingImage(true)} data-testid="code-editor-insert-image">
                {t('code.insertImage')}
              </Button>
              <InsertTagMenu fields={fields ?? []} channel="email" disabled={editor.readOnly} onInsert={source.insert} />
            </HStack>
          </HStack>
          <chakra.textarea
            ref={source.ref}
            value={source.text}
            onChange={(event) => source.setText(event.currentTarget.value)}
            readOnly={editor.readOnly}
            aria-label={t('code.source')}
            placeholder={t('code.placeholder')}
            flex="1"
            resize="none"
            p="4"
            bg="bg"
            color="fg"
            outline="none"
            fontFamily="mono"
            fontSize="sm"
            lineHeight="1.6"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            wrap="off"
            css={{ tabSize: 2 }}
            _placeholder={{ color: 'fg.subtle' }}
            data-testid="html-source"
          />
          {problems.length > 0 && (
            <Box p="3" borderTopWidth="1px">
              <TagProblems problems={problems} onSelect={(problem) => source.select(problem.start, problem.end)} />
            </Box>
          )}
        </Stack>
        <Stack flex="1" minW="0" minH={{ base: '96', lg: '0' }} gap="0">
          <HStack px="4" py="2" borderBottomWidth="1px" bg="bg" justify="space-between" wrap="wrap">
            <ChoiceButtons<PreviewWidth>
              value={width}
              choices={[
                { value: 'desktop', label: t('code.desktop') },
                { value: 'mobile', label: t('code.mobile') },
              ]}
              onChange={setWidth}
              label={t('code.width')}
              testId="preview-width"
            />
            {canReadContacts && <PreviewContactPicker contact={contact} onChange={setContact} />}
          </HStack>
          <Box flex="1" minH="0">
            <HtmlPreview html={preview} width={width} />
          </Box>
        </Stack>
      </Flex>
      {isPickingImage && (
        <FileManager
          pick={{
            onPick: (file) => {
              source.insert(imageTag(file.url, file.name));
              setPickingImage(false);
            },
          }}
          onClose={() => setPickingImage(false)}
        />
      )}
    </EditorLayout>
  );
}
