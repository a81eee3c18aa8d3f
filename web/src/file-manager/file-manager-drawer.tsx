/**
 * The file manager drawer (spec §2.2 sidebar): the account's hosted files by folder, with a
 * breadcrumb, upload by button or drag and drop (with progress), new folder, rename, move, delete
 * (one or several ticked) with confirmation, copy link, and the storage bar against the quota. Opened from the editors with
 * `pick`, it also hands a chosen image back. Loaded lazily on first open (lazy-file-manager.tsx).
 */
import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, CloseButton, Drawer, Field, Flex, HStack, IconButton, Image, Input, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { contentTypeOfName, extensionOf, FILE_ACCEPT, FILE_MANAGER_LIMITS, isImageType, keepsFileType, nameProblem } from '../../../shared/domain/file-manager.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ROOT_FOLDER_ID } from '../../../shared/schemas/file-manager.js';
import { createFolder, deleteEntries, moveEntry, refreshFiles, renameEntry, uploadFile, useFolder, useStorageUsage, type TEntry, type TFileEntry } from '../api/file-manager.js';
import { ApiError } from '../api/errors.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { showError } from '../components/error-dialog.js';
import { FormDialog } from '../components/form-dialog.js';
import { SelectCheckbox } from '../components/select-checkbox.js';
import { ChevronIcon, FileTextIcon, FolderIcon, LinkIcon, PencilIcon, PlusIcon, TrashIcon } from '../components/icons.js';
import { notify } from '../components/toaster.js';
import { formatDateTime } from '../format/date.js';
import { formatFileSize } from '../format/file-size.js';

export type FileManagerDrawerProps = {
  onClose(): void;
  /**
   * Picking for an editor: the files it `accepts` (images unless it says otherwise) get an Insert
   * action that hands the file back.
   */
  pick?: { onPick(file: TFileEntry): void; accepts?(file: TFileEntry): boolean };
};

type Folder = { id: string; name: string };
type UploadState = { key: string; name: string; percent: number; status: 'uploading' | 'done' | 'failed' };

export default function FileManagerDrawer({ onClose, pick }: FileManagerDrawerProps) {
  const { t } = useTranslation('file-manager');
  const [folder, setFolder] = useState<Folder>({ id: ROOT_FOLDER_ID, name: '' });
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [dragging, setDragging] = useState(false);
  const [naming, setNaming] = useState<{ kind: 'new' } | { kind: 'rename'; entry: TEntry } | null>(null);
  const [deleting, setDeleting] = useState<TEntry[] | null>(null);
  // Entries ticked in the listed folder, for one deletion of several.
  const [selected, setSelected] = useState<ReadonlyMap<string, TEntry>>(new Map());
  const [moving, setMoving] = useState<TEntry | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const open = (next: Folder) => {
    setFolder(next);
    setCursors([undefined]);
    setSelected(new Map());
  };

  const select = (entry: TEntry, isSelected: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (isSelected) next.set(entry.id, entry);
      else next.delete(entry.id);
      return next;
    });

  const upload = async (files: readonly File[]) => {
    const started = files.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, name: file.name, percent: 0, status: 'uploading' as const }));
    setUploads((current) => [...started, ...current.filter((entry) => entry.status === 'uploading')]);
    const update = (key: string, change: Partial<UploadState>) => setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
    let done = 0;
    // One at a time: the quota is checked per file, and the first refusal says why.
    for (const [index, file] of files.entries()) {
      const key = started[index]!.key;
      try {
        const contentType = contentTypeOfName(file.name);
        if (!contentType) throw new ApiError({ code: ERROR_CODES.FILE_REJECTED, message: file.name });
        if (file.size > FILE_MANAGER_LIMITS.fileBytes) throw new ApiError({ code: ERROR_CODES.FILE_REJECTED, message: file.name });
        await uploadFile({ folderId: folder.id, file, contentType, onProgress: (percent) => update(key, { percent }) });
        update(key, { percent: 100, status: 'done' });
        done += 1;
      } catch (error) {
        update(key, { status: 'failed' });
        showError(error);
      }
    }
    await refreshFiles();
    if (done > 0) notify({ type: 'success', title: t('uploadedToast', { count: done }) });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void upload(files);
  };

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size="md" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="file-manager">
            <Drawer.Header borderBottomWidth="1px" flexDirection="column" alignItems="stretch" gap="3">
              <Flex align="center" justify="space-between">
                <Drawer.Title>{t(pick ? 'pickTitle' : 'title')}</Drawer.Title>
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label={t('close')} data-testid="file-manager-close" />
                </Drawer.CloseTrigger>
              </Flex>
              <UsageBar />
            </Drawer.Header>
            <Drawer.Body
              position="relative"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
              }}
              onDrop={drop}
              data-testid="file-manager-drop-zone"
            >
              <Stack gap="3">
                <Flex gap="2" wrap="wrap" align="center">
                  <Breadcrumb folder={folder} onOpen={open} />
                  <HStack gap="2" ms="auto">
                    {selected.size > 0 && (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting([...selected.values()])} data-testid="file-manager-delete-selected">
                        <TrashIcon boxSize="4" />
                        {t('deleteSelected', { count: selected.size })}
                      </Button>
                    )}
                    <Button size="sm" variant="outline" onClick={() => setNaming({ kind: 'new' })} data-testid="file-manager-new-folder">
                      <PlusIcon boxSize="4" />
                      {t('newFolder')}
                    </Button>
                    <Button size="sm" onClick={() => inputRef.current?.click()} data-testid="file-manager-upload">
                      {t('upload')}
                    </Button>
                    <input
                      ref={inputRef}
                      type="file"
                      multiple
                      hidden
                      accept={FILE_ACCEPT}
                      data-testid="file-manager-upload-input"
                      onChange={(event) => {
                        const files = [...(event.currentTarget.files ?? [])];
                        event.currentTarget.value = '';
                        if (files.length > 0) void upload(files);
                      }}
                    />
                  </HStack>
                </Flex>
                <Text fontSize="xs" color="fg.muted">
                  {t('dropHint')} · {t('types', { size: `${FILE_MANAGER_LIMITS.fileBytes / 1024 / 1024} MB` })}
                </Text>
                {uploads.length > 0 && <UploadList uploads={uploads} />}
                <Stack gap="1" data-testid="file-manager-entries">
                  {cursors.map((cursor, index) => (
                    <FolderPage
                      key={cursor ?? 'first'}
                      folderId={folder.id}
                      cursor={cursor}
                      isFirst={index === 0}
                      isLast={index === cursors.length - 1}
                      pick={pick}
                      onOpen={open}
                      onMore={(next) => setCursors((current) => [...current, next])}
                      onRename={(entry) => setNaming({ kind: 'rename', entry })}
                      onMove={setMoving}
                      onDelete={(entry) => setDeleting([entry])}
                      selected={pick ? null : selected}
                      onSelect={select}
                    />
                  ))}
                </Stack>
              </Stack>
              {dragging && (
                <Flex position="absolute" inset="2" rounded="lg" borderWidth="2px" borderStyle="dashed" borderColor="brand.solid" bg="bg/90" align="center" justify="center" pointerEvents="none">
                  <Text fontWeight="medium">{t('dropActive', { folder: folder.id === ROOT_FOLDER_ID ? t('root') : folder.name })}</Text>
                </Flex>
              )}
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      {naming && (
        <NameDialog
          entry={naming.kind === 'rename' ? naming.entry : null}
          onSubmit={async (name) => {
            if (naming.kind === 'rename') await renameEntry(naming.entry.id, name);
            else await createFolder(folder.id, name);
          }}
          onClose={() => setNaming(null)}
        />
      )}
      {moving && <MoveDialog entry={moving} from={folder} onClose={() => setMoving(null)} />}
      {deleting && (
        <ConfirmDialog
          title={deleting.length === 1 ? t('delete.title', { name: deleting[0]!.name }) : t('delete.titleMany', { count: deleting.length })}
          confirmLabel={t('delete.confirm')}
          destructive
          onConfirm={async () => {
            try {
              const deleted = await deleteEntries(deleting.map((entry) => entry.id));
              notify({ type: 'success', title: deleting.length === 1 ? t('deleted', { name: deleting[0]!.name }) : t('deletedMany', { count: deleted }) });
            } finally {
              // What was deleted is gone from the list either way; a refused folder stays ticked.
              setSelected((current) => new Map([...current].filter(([, entry]) => entry.kind === 'folder')));
            }
            setDeleting(null);
            setSelected(new Map());
          }}
          onClose={() => setDeleting(null)}
          testId="file-manager-delete"
        >
          <Text>{t(deleting.some((entry) => entry.kind === 'folder') ? 'delete.folderMessage' : 'delete.message')}</Text>
        </ConfirmDialog>
      )}
    </Drawer.Root>
  );
}

function UsageBar() {
  const { t, i18n } = useTranslation('file-manager');
  const usage = useStorageUsage();
  if (!usage) return <Box h="9" />;
  const percent = usage.quotaBytes > 0 ? Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100) : 100;
  const palette = percent >= 100 ? 'red' : percent >= 75 ? 'orange' : 'brand';
  return (
    <Stack gap="1" title={t('usageHint')} data-testid="file-manager-usage">
      <Text fontSize="sm" color="fg.muted">
        {t('usage', { used: formatFileSize(usage.usedBytes, i18n.language), quota: formatFileSize(usage.quotaBytes, i18n.language) })}
      </Text>
      <Progress.Root value={percent} size="sm" colorPalette={palette} aria-label={t('usageHint')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** Where the listed folder is; each step opens its folder. Built from the page's path. */
function Breadcrumb({ folder, onOpen }: { folder: Folder; onOpen(folder: Folder): void }) {
  const { t } = useTranslation('file-manager');
  const { page } = useFolder(folder.id);
  const path = page?.path ?? [{ id: ROOT_FOLDER_ID, name: '' }];
  return (
    <HStack as="nav" aria-label={t('breadcrumb')} gap="1" minW="0" wrap="wrap" data-testid="file-manager-breadcrumb">
      {path.map((step, index) => {
        const label = step.id === ROOT_FOLDER_ID ? t('root') : step.name;
        const isCurrent = index === path.length - 1;
        return (
          <HStack key={step.id} gap="1">
            {index > 0 && <ChevronIcon direction="right" boxSize="3.5" color="fg.subtle" />}
            <Button size="xs" variant="ghost" colorPalette="gray" fontWeight={isCurrent ? 'semibold' : 'normal'} aria-current={isCurrent ? 'location' : undefined} onClick={() => onOpen({ id: step.id, name: step.name })}>
              {label}
            </Button>
          </HStack>
        );
      })}
    </HStack>
  );
}

function UploadList({ uploads }: { uploads: UploadState[] }) {
  const { t } = useTranslation('file-manager');
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" aria-label={t('uploads')} data-testid="file-manager-uploads">
      {uploads.map((upload) => (
        <Stack key={upload.key} gap="1">
          <Flex justify="space-between" fontSize="sm" gap="2">
            <Text lineClamp="1">{upload.name}</Text>
            <Text color={upload.status === 'failed' ? 'fg.error' : 'fg.muted'} flexShrink="0">
              {upload.status === 'uploading' ? `${upload.percent}%` : t(upload.status === 'done' ? 'uploaded' : 'uploadFailed')}
            </Text>
          </Flex>
          <Progress.Root value={upload.percent} size="xs" colorPalette={upload.status === 'failed' ? 'red' : 'brand'}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ))}
    </Stack>
  );
}

type PageProps = {
  folderId: string;
  cursor?: string;
  isFirst: boolean;
  isLast: boolean;
  pick?: FileManagerDrawerProps['pick'];
  onOpen(folder: Folder): void;
  onMore(cursor: string): void;
  onRename(entry: TEntry): void;
  onMove(entry: TEntry): void;
  onDelete(entry: TEntry): void;
  /** The ticked entries; null when rows have no tick box (picking). */
  selected: ReadonlyMap<string, TEntry> | null;
  onSelect(entry: TEntry, isSelected: boolean): void;
};

function FolderPage({ folderId, cursor, isFirst, isLast, pick, onOpen, onMore, onRename, onMove, onDelete, selected, onSelect }: PageProps) {
  const { t } = useTranslation('file-manager');
  const { page, error, isLoading } = useFolder(folderId, cursor);
  if (error) return <Text color="fg.error">{t('loadFailed')}</Text>;
  if (isLoading || !page) {
    return (
      <HStack color="fg.muted" py="4" justify="center">
        <Spinner size="sm" />
        <Text>{t('loading')}</Text>
      </HStack>
    );
  }
  return (
    <>
      {isFirst && page.entries.length === 0 && (
        <Text color="fg.muted" py="6" textAlign="center" data-testid="file-manager-empty">
          {t(folderId === ROOT_FOLDER_ID ? 'empty' : 'emptyFolder')}
        </Text>
      )}
      {page.entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} pick={pick} onOpen={onOpen} onRename={onRename} onMove={onMove} onDelete={onDelete} selected={selected} onSelect={onSelect} />
      ))}
      {isLast && page.nextCursor && (
        <Button variant="ghost" size="sm" onClick={() => onMore(page.nextCursor!)} data-testid="file-manager-more">
          {t('loadMore')}
        </Button>
      )}
    </>
  );
}

function EntryRow({ entry, pick, onOpen, onRename, onMove, onDelete, selected, onSelect }: { entry: TEntry } & Pick<PageProps, 'pick' | 'onOpen' | 'onRename' | 'onMove' | 'onDelete' | 'selected' | 'onSelect'>) {
  const { t, i18n } = useTranslation('file-manager');
  const isImage = entry.kind === 'file' && isImageType(entry.contentType);
  const canPick = pick !== undefined && entry.kind === 'file' && (pick.accepts ? pick.accepts(entry) : isImage);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', title: t('copied') });
    } catch {
      notify({ type: 'warning', title: t('copyFailed', { url }) });
    }
  };
  const details =
    entry.kind === 'file'
      ? `${formatFileSize(entry.size, i18n.language)} · ${t('updated', { time: formatDateTime(entry.updateTime, { locale: i18n.language }) })}`
      : t('folder');

  return (
    <Flex align="center" gap="3" px="2" py="1.5" rounded="md" _hover={{ bg: 'bg.muted' }} data-testid="file-manager-entry" data-entry-name={entry.name} data-entry-kind={entry.kind}>
      {selected && <SelectCheckbox checked={selected.has(entry.id)} onChange={(isSelected) => onSelect(entry, isSelected)} label={t('select', { name: entry.name })} testId="file-manager-entry-select" />}
      <Flex boxSize="10" flexShrink="0" align="center" justify="center" rounded="md" bg="bg.subtle" overflow="hidden" borderWidth="1px">
        {entry.kind === 'folder' ? (
          <FolderIcon boxSize="5" color="fg.muted" />
        ) : isImage ? (
          <Image
            src={entry.url}
            alt=""
            loading="lazy"
            boxSize="10"
            objectFit="cover"
            cursor={canPick ? 'pointer' : undefined}
            onClick={canPick && entry.kind === 'file' ? () => pick?.onPick(entry) : undefined}
          />
        ) : (
          <FileTextIcon boxSize="5" color="fg.muted" />
        )}
      </Flex>
      <Box flex="1" minW="0">
        {entry.kind === 'folder' ? (
          <Button variant="plain" h="auto" p="0" fontWeight="medium" aria-label={t('openFolder', { name: entry.name })} onClick={() => onOpen({ id: entry.id, name: entry.name })} data-testid="file-manager-open-folder">
            <Text lineClamp="1">{entry.name}</Text>
          </Button>
        ) : (
          <Text fontWeight="medium" lineClamp="1" title={entry.name} data-testid="file-manager-entry-name">
            {entry.name}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted" lineClamp="1">
          {details}
        </Text>
      </Box>
      <HStack gap="0.5" flexShrink="0" aria-label={t('actions', { name: entry.name })} role="group">
        {canPick && entry.kind === 'file' && (
          <Button size="xs" onClick={() => pick?.onPick(entry)} data-testid="file-manager-entry-insert">
            {t('action.insert')}
          </Button>
        )}
        {entry.kind === 'file' && (
          <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('action.copyUrl')} title={t('action.copyUrl')} onClick={() => void copy(entry.url)} data-testid="file-manager-entry-copy">
            <LinkIcon />
          </IconButton>
        )}
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('action.rename')} title={t('action.rename')} onClick={() => onRename(entry)} data-testid="file-manager-entry-rename">
          <PencilIcon />
        </IconButton>
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('action.move')} title={t('action.move')} onClick={() => onMove(entry)} data-testid="file-manager-entry-move">
          <FolderIcon />
        </IconButton>
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('action.delete')} title={t('action.delete')} onClick={() => onDelete(entry)} data-testid="file-manager-entry-delete">
          <TrashIcon />
        </IconButton>
      </HStack>
    </Flex>
  );
}

/**
 * "Move to…": browses the folders from where the entry is (never into a folder being moved) and
 * moves it into the folder shown.
 */
function MoveDialog({ entry, from, onClose }: { entry: TEntry; from: Folder; onClose(): void }) {
  const { t } = useTranslation('file-manager');
  const [target, setTarget] = useState<Folder>(from);
  const [busy, setBusy] = useState(false);
  const { page } = useFolder(target.id);
  const path = page?.path ?? [{ id: ROOT_FOLDER_ID, name: '' }];
  const parent = path.length > 1 ? path[path.length - 2]! : null;
  const folders = (page?.entries ?? []).filter((child) => child.kind === 'folder' && child.id !== entry.id);
  const label = (folder: Folder) => (folder.id === ROOT_FOLDER_ID ? t('root') : folder.name);

  const submit = async () => {
    setBusy(true);
    try {
      await moveEntry(entry.id, target.id);
      notify({ type: 'success', title: t('moved', { name: entry.name }) });
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('move.title', { name: entry.name })}
      submitLabel={t('move.submit')}
      submitTestId="file-manager-move-submit"
      canSubmit={target.id !== entry.parentId}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="file-manager-move-dialog"
    >
      <Stack gap="2">
        <Text fontWeight="medium" data-testid="file-manager-move-target">
          {t('move.target', { folder: label(target) })}
        </Text>
        {parent && (
          <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={() => setTarget({ id: parent.id, name: parent.name })} data-testid="file-manager-move-up">
            <ChevronIcon direction="left" boxSize="4" />
            {t('move.up')}
          </Button>
        )}
        {folders.map((folder) => (
          <Button
            key={folder.id}
            size="sm"
            variant="ghost"
            justifyContent="flex-start"
            onClick={() => setTarget({ id: folder.id, name: folder.name })}
            data-testid="file-manager-move-folder"
            data-folder-name={folder.name}
          >
            <FolderIcon boxSize="4" />
            {folder.name}
          </Button>
        ))}
        {page && folders.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('move.noFolders')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** New folder (entry null) or rename; the name rules of shared/ are checked before the call. */
function NameDialog({ entry, onSubmit, onClose }: { entry: TEntry | null; onSubmit(name: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('file-manager');
  const [name, setName] = useState(entry?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const ruleProblem = nameProblem(name);
    if (ruleProblem) return setProblem(t(`nameProblem.${ruleProblem}`));
    if (entry?.kind === 'file' && !keepsFileType(entry.name, name.trim())) return setProblem(t('rename.keepType', { extension: extensionOf(entry.name) }));
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(entry ? 'rename.title' : 'newFolder.title')}
      submitLabel={t(entry ? 'rename.submit' : 'newFolder.submit')}
      submitTestId="file-manager-name-submit"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="file-manager-name-dialog"
    >
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t('name')}</Field.Label>
        <Input
          value={name}
          autoFocus
          maxLength={FILE_MANAGER_LIMITS.nameLength * 2}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
          onFocus={(event) => {
            // Renaming a file selects the name without its extension, as desktop file managers do.
            const extension = entry?.kind === 'file' ? extensionOf(entry.name) : '';
            if (extension) event.currentTarget.setSelectionRange(0, entry!.name.length - extension.length - 1);
          }}
          data-testid="file-manager-name-input"
        />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
