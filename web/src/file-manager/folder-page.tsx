import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROOT_FOLDER_ID } from '../../../shared/schemas/file-manager.js';
import { useFolder } from '../api/file-manager.js';
import { EntryRow, type EntryActions } from './entry-row.js';

type FolderPageProps = EntryActions & {
  folderId: string;
  cursor?: string;
  isFirst: boolean;
  isLast: boolean;
  onMore(cursor: string): void;
};

/** One page of the listed folder's entries; the last page offers the next one. */
export function FolderPage({ folderId, cursor, isFirst, isLast, pick, onOpen, onMore, onRename, onMove, onDelete, selected, onSelect }: FolderPageProps) {
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
