/**
 * The drag-and-drop email editor (spec §2.1, §2.2 full-screen editor), for a template or a
 * campaign's message. A new template is created by its first save; an existing one is edited under
 * its edit lock (spec §4); when someone else holds it, the design opens read-only.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, ButtonGroup, Flex, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProjectData } from 'grapesjs';
import type { TTemplate } from '../../../../shared/schemas/templates.js';
import { useFieldSchemas, type TContact } from '../../api/contacts.js';
import { saveSharedTemplate, type TReceivedShare } from '../../api/template-shares.js';
import { createTemplate, saveTemplate } from '../../api/templates.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { ChevronIcon } from '../icons.js';
import { notify } from '../toaster.js';
import { InsertTagMenu } from './insert-tag-menu.js';
import { SendTestButton } from './send-test-button.js';
import { TemplateNameField, useTemplateName } from './template-name-field.js';
import { templatePaths } from '../../paths/templates.js';
import { useEditLock } from './use-edit-lock.js';
import { FileManager } from '../../file-manager/lazy-file-manager.js';
import { useTemplatePermissions } from '../templates/use-template-permissions.js';
import { ContactPreviewDialog } from './contact-preview-dialog.js';
import { DesktopIcon, EyeIcon, MobileIcon, RedoIcon, UndoIcon } from './editor-icons.js';
import {
  EDITOR_DEVICES,
  commitTextEditing,
  createEmailEditor,
  exportEmailHtml,
  insertIntoDesign,
  type EditorDevice,
  type EmailBlockId,
  type PanelButtonId,
  type EmailEditor,
} from './email-editor.js';

/** The design a template was saved with, or null when it has none (or it cannot be read). */
function projectOf(template: Pick<TTemplate, 'content'> | null): ProjectData | null {
  if (template?.content.kind !== 'email' || !template.content.project) return null;
  try {
    const project: unknown = JSON.parse(template.content.project);
    return typeof project === 'object' && project !== null ? project : null;
  } catch {
    return null;
  }
}

/**
 * A campaign's message instead of a template (spec §2.1 create-email-campaign template-editor): the
 * wizard holds the campaign's lock and saves the content; the bar shows the campaign's name.
 */
export type CampaignMessage = {
  name: string;
  content: TTemplate['content'] | null;
  readOnly: boolean;
  backTo: string;
  backLabel: string;
  /** The toast of a save. */
  savedLabel: string;
  save(content: TTemplate['content']): Promise<void>;
};

type EditorProps = {
  template: TTemplate | null;
  campaign?: CampaignMessage;
  /** Set when the template is another account's, shared with this one. */
  share?: TReceivedShare;
  starterHtml?: string | null;
  onCreated?(id: string): void;
};

/** The editor itself, for a template or (with `campaign`) a campaign's message. */
export function TemplateEditor({ template, share, campaign, starterHtml = null, onCreated }: EditorProps) {
  const { t } = useTranslation('template-editor');
  const { canReadContacts } = useTemplatePermissions();
  const { schemas: fieldSchemas = [] } = useFieldSchemas();
  const navigate = useNavigate();
  const name = useTemplateName(campaign?.name ?? template?.name ?? '');
  const [templateId, setTemplateId] = useState(template?.id ?? null);
  const [savedName, setSavedName] = useState(template?.name ?? '');
  const mayEdit = !share || share.rights === 'edit';
  const lock = useEditLock(mayEdit && !campaign ? templateId : null, share?.id ?? null);
  const isReadOnly = campaign ? campaign.readOnly : !mayEdit || lock.status === 'refused';
  // The image the asset manager asked for, chosen in the file manager drawer.
  const [imagePick, setImagePick] = useState<ImagePick | null>(null);
  const { editor, containerRef, history, markSaved, device, setDevice } = useEmailEditor(campaign ? (campaign.content && { content: campaign.content }) : template, isReadOnly, starterHtml, setImagePick);
  const [saving, setSaving] = useState(false);
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const [previewContact, setPreviewContact] = useState<TContact | null>(null);
  const [confirmingLeave, setConfirmingLeave] = useState(false);

  const hasChanges = !isReadOnly && (history.changes > 0 || name.name.trim() !== savedName);
  // A template that exists is saved under its lock; a new one needs none until it exists.
  const canSave = editor !== null && !isReadOnly && (campaign !== undefined || templateId === null || lock.status === 'held');
  useLeaveWarning(hasChanges);

  const save = async () => {
    const checkedName = name.check();
    if (checkedName === null || !editor) return;
    setSaving(true);
    try {
      await commitTextEditing(editor);
      const content = { kind: 'email' as const, editor: 'dragAndDrop' as const, html: exportEmailHtml(editor, checkedName), project: JSON.stringify(editor.getProjectData()) };
      if (campaign) {
        await campaign.save(content);
      } else if (share) {
        // Edit rights cover the content; the name stays the owner's.
        await saveSharedTemplate(share.id, content);
      } else if (templateId) {
        await saveTemplate(templateId, { name: checkedName, content });
      } else {
        const created = await createTemplate({ name: checkedName, content });
        setTemplateId(created.id);
        onCreated?.(created.id);
        navigate(templatePaths.templateEditor(created.id), { replace: true });
      }
      markSaved();
      setSavedName(checkedName);
      notify({ type: 'success', title: campaign?.savedLabel ?? t(templateId ? 'save.saved' : 'save.created', { name: checkedName }) });
    } catch (error) {
      name.fail(error);
    } finally {
      setSaving(false);
    }
  };

  const openPreview = async () => {
    if (!editor) return;
    await commitTextEditing(editor);
    setPreviewHtml(exportEmailHtml(editor, name.name.trim()));
  };

  const leave = () => navigate(campaign?.backTo ?? templatePaths.list('email'));

  return (
    <Flex direction="column" h="100dvh" data-testid="template-editor">
      <Flex as="header" aria-label={t('page.title')} align="center" gap="3" px="3" py="2" borderBottomWidth="1px" bg="bg" wrap="wrap">
        <Button variant="ghost" size="sm" colorPalette="gray" onClick={() => (hasChanges ? setConfirmingLeave(true) : leave())} data-testid="template-editor-back">
          <ChevronIcon direction="left" boxSize="4" />
          {campaign?.backLabel ?? t('page.back')}
        </Button>
        <Box w={{ base: 'full', md: '72' }} order={{ base: 1, md: 0 }}>
          <TemplateNameField state={name} size="sm" hideLabel readOnly={isReadOnly || Boolean(share) || Boolean(campaign)} autoFocus={template === null && !campaign} />
        </Box>
        {isReadOnly && (
          <Badge colorPalette="orange" data-testid="template-editor-read-only">
            {lock.status === 'refused' && lock.lockedBy ? t('toolbar.readOnlyBy', { name: lock.lockedBy }) : t('toolbar.readOnly')}
          </Badge>
        )}
        {hasChanges && (
          <Text fontSize="sm" color="fg.muted" data-testid="template-editor-unsaved">
            {t('toolbar.unsaved')}
          </Text>
        )}
        <HStack gap="2" ms="auto" wrap="wrap">
          <ButtonGroup size="sm" variant="ghost" colorPalette="gray" attached>
            <IconButton aria-label={t('toolbar.undo')} title={t('toolbar.undo')} disabled={!history.canUndo || isReadOnly} onClick={() => editor?.UndoManager.undo()} data-testid="template-editor-undo">
              <UndoIcon />
            </IconButton>
            <IconButton aria-label={t('toolbar.redo')} title={t('toolbar.redo')} disabled={!history.canRedo || isReadOnly} onClick={() => editor?.UndoManager.redo()} data-testid="template-editor-redo">
              <RedoIcon />
            </IconButton>
          </ButtonGroup>
          <ButtonGroup size="sm" variant="outline" colorPalette="gray" attached role="group" aria-label={t('toolbar.device')}>
            {(['desktop', 'mobile'] as const).map((choice) => (
              <IconButton
                key={choice}
                aria-label={t(`toolbar.${choice}`)}
                title={t(`toolbar.${choice}`)}
                aria-pressed={device === choice}
                variant={device === choice ? 'subtle' : 'outline'}
                onClick={() => setDevice(choice)}
                data-testid={`template-editor-device-${choice}`}
              >
                {choice === 'desktop' ? <DesktopIcon /> : <MobileIcon />}
              </IconButton>
            ))}
          </ButtonGroup>
          <InsertTagMenu fields={fieldSchemas} channel="email" linksAsHtml hint={t('tags.hint')} disabled={!editor || isReadOnly} onInsert={(html) => editor && insertIntoDesign(editor, html)} />
          <Button
            size="sm"
            variant="outline"
            disabled={!editor || !canReadContacts}
            title={canReadContacts ? undefined : t('preview.noPermission')}
            onClick={() => void openPreview()}
            data-testid="template-editor-preview"
          >
            <EyeIcon boxSize="4" />
            {t('toolbar.preview')}
          </Button>
          {/* A test send is of the account's own templates. */}
          {!share && !campaign && <SendTestButton templateId={templateId} contactId={previewContact?.id} hasUnsavedChanges={hasChanges} testId="template-editor-send-test" />}
          <Button size="sm" disabled={!canSave} loading={saving} onClick={() => void save()} data-testid="template-editor-save">
            {t('toolbar.save')}
          </Button>
        </HStack>
      </Flex>
      <Box position="relative" flex="1" minH="0">
        {!editor && (
          <Flex position="absolute" inset="0" zIndex="1" bg="bg" align="center" justify="center" gap="2" color="fg.muted">
            <Spinner size="sm" />
            {t('page.loading')}
          </Flex>
        )}
        <Box ref={containerRef} h="full" data-testid="template-editor-canvas" />
      </Box>
      {imagePick && (
        <FileManager
          pick={{
            onPick: (file) => {
              imagePick.choose(file.url);
              setImagePick(null);
            },
          }}
          onClose={() => {
            imagePick.cancel();
            setImagePick(null);
          }}
        />
      )}
      {previewHtml !== null && <ContactPreviewDialog html={previewHtml} contact={previewContact} onContactChange={setPreviewContact} onClose={() => setPreviewHtml(null)} />}
      {confirmingLeave && (
        <ConfirmDialog
          title={t('leave.title')}
          confirmLabel={t('leave.confirm')}
          destructive
          onConfirm={async () => leave()}
          onClose={() => setConfirmingLeave(false)}
          testId="template-editor-leave"
        >
          <Text>{t('leave.message')}</Text>
        </ConfirmDialog>
      )}
    </Flex>
  );
}

type ImagePick = { choose(url: string): void; cancel(): void };

type History = { canUndo: boolean; canRedo: boolean; /** Changes since the last save (grapesjs's dirty count). */ changes: number };

/**
 * grapesjs in a box of the page, for the life of the page: created once with the template's design,
 * destroyed on leave. React state mirrors what the top bar shows (undo, redo, changes, device).
 */
function useEmailEditor(template: Pick<TTemplate, 'content'> | null, isReadOnly: boolean, starterHtml: string | null, pickImage: (request: ImagePick) => void) {
  const { t } = useTranslation('template-editor');
  const containerRef = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<EmailEditor | null>(null);
  const [history, setHistory] = useState<History>({ canUndo: false, canRedo: false, changes: 0 });
  const [device, setDeviceState] = useState<EditorDevice>('desktop');
  // Only the first render's template and labels matter: the editor is never rebuilt under the user.
  const initial = useRef({ template, starterHtml, pickImage, blockLabel: (id: EmailBlockId) => t(`blocks.${id}`), buttonLabel: (id: PanelButtonId) => t(`panels.${id}`) });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { template: loaded, starterHtml: starter, pickImage: pick, blockLabel, buttonLabel } = initial.current;
    const html = loaded?.content.kind === 'email' ? loaded.content.html : starter;
    const instance = createEmailEditor({ container, project: projectOf(loaded), html, blockLabel, buttonLabel, pickImage: pick });
    const readHistory = () =>
      setHistory({ canUndo: instance.UndoManager.hasUndo(), canRedo: instance.UndoManager.hasRedo(), changes: instance.getDirtyCount() });
    instance.on('update undo redo', readHistory);
    let isMounted = true;
    instance.onReady(() => {
      // Readiness can come after a quick unmount (React's strict mode mounts twice): too late then.
      if (!isMounted) return;
      // Loading the design is not an edit: nothing to undo, nothing unsaved.
      instance.UndoManager.clear();
      instance.clearDirtyCount();
      readHistory();
      setEditor(instance);
    });
    return () => {
      isMounted = false;
      setEditor(null);
      instance.destroy();
    };
  }, []);

  // Clearing the dirty count fires no grapesjs event, so a save says so itself.
  const markSaved = useCallback(() => {
    editor?.clearDirtyCount();
    setHistory((current) => ({ ...current, changes: 0 }));
  }, [editor]);

  // Read-only: the canvas only shows the design (grapesjs's preview mode hides the panels).
  useEffect(() => {
    if (editor && isReadOnly) editor.runCommand('core:preview');
  }, [editor, isReadOnly]);

  const setDevice = useCallback(
    (next: EditorDevice) => {
      editor?.setDevice(EDITOR_DEVICES[next]);
      setDeviceState(next);
    },
    [editor],
  );

  return { editor, containerRef, history, markSaved, device, setDevice };
}

/** The browser's own "leave this page?" question while there are unsaved changes (reload, closing the tab). */
function useLeaveWarning(hasChanges: boolean) {
  useEffect(() => {
    if (!hasChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasChanges]);
}
