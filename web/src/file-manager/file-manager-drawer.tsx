/**
 * The file manager drawer (spec §2.2 sidebar): the account's hosted files by folder, with a
 * breadcrumb, upload by button or drag and drop (with progress), new folder, rename, move, delete
 * (one or several ticked) with confirmation, copy link, and the storage bar against the quota. Opened from the editors with
 * `pick`, it also hands a chosen image back. Loaded lazily on first open (lazy-file-manager.tsx).
 */
import { useRef, useState, type DragEvent } from 'react';
import { Button, CloseButton, Drawer, Flex, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { contentTypeOfName, FILE_ACCEPT, FILE_MANAGER_LIMITS } from '../../../shared/domain/file-manager.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ROOT_FOLDER_ID } from '../../../shared/schemas/file-manager.js';
import { createFolder, deleteEntries, refreshFiles, renameEntry, uploadFile, type TEntry } from '../api/file-manager.js';
import { ApiError } from '../api/errors.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { showError } from '../components/error-dialog.js';
import { PlusIcon, TrashIcon } from '../components/icons.js';
import { notify } from '../components/toaster.js';
import { EntryNameDialog } from './entry-name-dialog.js';
import type { FilePick, Folder } from './file-manager-types.js';
import { FolderBreadcrumb } from './folder-breadcrumb.js';
import { FolderPage } from './folder-page.js';
import { MoveEntryDialog } from './move-entry-dialog.js';
import { StorageUsageBar } from './storage-usage-bar.js';
import { UploadProgressList, type UploadState } from './upload-progress-list.js';

export type FileManagerDrawerProps = {
  onClose(): void;
  /** Set when an editor opens the drawer to choose a file. */
  pick?: FilePick;
};

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
              <StorageUsageBar />
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
                  <FolderBreadcrumb folder={folder} onOpen={open} />
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
                {uploads.length > 0 && <UploadProgressList uploads={uploads} />}
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
        <EntryNameDialog
          entry={naming.kind === 'rename' ? naming.entry : null}
          onSubmit={async (name) => {
            if (naming.kind === 'rename') await renameEntry(naming.entry.id, name);
            else await createFolder(folder.id, name);
          }}
          onClose={() => setNaming(null)}
        />
      )}
      {moving && <MoveEntryDialog entry={moving} from={folder} onClose={() => setMoving(null)} />}
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
