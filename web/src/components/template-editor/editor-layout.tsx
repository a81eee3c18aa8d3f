/**
 * The frame of the full-screen template editors (spec §2.2: no shell chrome): a bar with the way
 * back (asking first when changes are unsaved), the name, who may edit, the save state and Save
 * (also Ctrl/⌘+S), and the editor below.
 * While the template loads it spins; a template that cannot be opened shows the error page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { toApiError } from '../../api/errors.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { ChevronIcon, LockIcon } from '../icons.js';
import { PageSpinner } from '../page-spinner.js';
import { ErrorPage } from '../error-page.js';
import type { TemplateEditor } from './use-template-editor.js';
import { useTemplatePermissions } from '../templates/use-template-permissions.js';
import { TemplateNameField, type TemplateNameState } from './template-name-field.js';

type Props = {
  editor: TemplateEditor;
  /** Which editor this is: "Code editor", "SMS message". */
  title: string;
  backTo: string;
  /**
   * Instead of asking before leaving unsaved changes: what the way back does (a campaign's
   * message editor saves, then goes back, as every step change of its wizard does).
   */
  onBack?(): void;
  name: TemplateNameState;
  isDirty: boolean;
  isSaving: boolean;
  onSave(): void;
  testId: string;
  /** More buttons, shown before Save. */
  actions?: ReactNode;
  children: ReactNode;
};

/** Spinner, error page or null: what an editor shows instead of itself until its template is there. */
export function useEditorPlaceholder(editor: TemplateEditor): ReactNode {
  const { canRead, canWrite } = useTemplatePermissions();
  if (!canRead || (editor.templateId === null && !canWrite)) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (editor.isReady) return null;
  if (editor.loadError) return <ErrorPage code={toApiError(editor.loadError).code} />;
  return <PageSpinner fullScreen />;
}

export function EditorLayout({ editor, title, backTo, onBack, name, isDirty, isSaving, onSave, testId, actions, children }: Props) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const [isLeaving, setLeaving] = useState(false);
  const canSave = !editor.readOnly && !isSaving;

  // Ctrl/⌘+S saves instead of the browser's "save page".
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (canSave) onSave();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [canSave, onSave]);

  // Closing the tab or reloading with unsaved changes asks first (a campaign keeps them in local storage).
  useEffect(() => {
    if (!isDirty || onBack) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty, onBack]);

  return (
    <Flex direction="column" h="100dvh" bg="bg.subtle" data-testid={testId}>
      <Flex as="header" align="center" gap="3" px={{ base: '3', md: '5' }} py="2.5" bg="bg" borderBottomWidth="1px" wrap="wrap">
        <IconButton asChild size="sm" variant="ghost" colorPalette="gray" aria-label={editor.campaign?.backLabel ?? t('editor.back')}>
          <RouterLink
            to={backTo}
            onClick={(event) => {
              if (onBack) {
                event.preventDefault();
                onBack();
                return;
              }
              if (!isDirty) return;
              event.preventDefault();
              setLeaving(true);
            }}
            data-testid="editor-back"
          >
            <ChevronIcon direction="left" boxSize="5" />
          </RouterLink>
        </IconButton>
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap" display={{ base: 'none', md: 'block' }}>
          {title}
        </Text>
        <Box flex="1" minW="48" maxW="md">
          <TemplateNameField state={name} readOnly={editor.readOnly || editor.isShared || editor.campaign !== undefined} size="sm" hideLabel />
        </Box>
        <EditorStatus editor={editor} isDirty={isDirty} />
        {actions && (
          <HStack gap="2" ms="auto">
            {actions}
          </HStack>
        )}
        <Button size="sm" ms={actions ? undefined : 'auto'} onClick={onSave} disabled={editor.readOnly} loading={isSaving} data-testid="template-save">
          {t('editor.save')}
        </Button>
      </Flex>
      <Box flex="1" minH="0">
        {children}
      </Box>
      {isLeaving && (
        <ConfirmDialog
          title={t('editor.leave.title')}
          confirmLabel={t('editor.leave.confirm')}
          destructive
          onConfirm={async () => navigate(backTo)}
          onClose={() => setLeaving(false)}
          testId="leave-editor-dialog"
        >
          <Text>{t('editor.leave.message')}</Text>
        </ConfirmDialog>
      )}
    </Flex>
  );
}

/** Who may edit now, and whether the changes are saved. */
function EditorStatus({ editor, isDirty }: { editor: TemplateEditor; isDirty: boolean }) {
  const { t } = useTranslation('templates');
  const { lock } = editor;
  if (lock.status === 'taking') {
    return (
      <HStack gap="2" fontSize="sm" color="fg.muted">
        <Spinner size="xs" />
        {t('editor.opening')}
      </HStack>
    );
  }
  if (editor.readOnly) {
    return (
      <Badge colorPalette="orange" variant="surface" data-testid="editor-read-only">
        <LockIcon boxSize="3" />
        {lock.status === 'refused' && lock.lockedBy ? t('editor.readOnlyLocked', { name: lock.lockedBy }) : t('editor.readOnly')}
      </Badge>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap" data-testid="editor-save-state">
      {isDirty ? t('editor.unsaved') : editor.templateId ? t('editor.saved') : t('editor.new')}
    </Text>
  );
}
