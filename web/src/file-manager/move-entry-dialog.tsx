import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROOT_FOLDER_ID } from '../../../shared/schemas/file-manager.js';
import { moveEntry, useFolder, type TEntry } from '../api/file-manager.js';
import { showError } from '../components/error-dialog.js';
import { FormDialog } from '../components/form-dialog.js';
import { ChevronIcon, FolderIcon } from '../components/icons.js';
import { notify } from '../components/toaster.js';
import type { Folder } from './file-manager-types.js';

/**
 * "Move to…": browses the folders from where the entry is (never into a folder being moved) and
 * moves it into the folder shown.
 */
export function MoveEntryDialog({ entry, from, onClose }: { entry: TEntry; from: Folder; onClose(): void }) {
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
