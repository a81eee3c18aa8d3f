import { Box, Button, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isImageType } from '../../../shared/domain/file-manager.js';
import type { TEntry } from '../api/file-manager.js';
import { FileTextIcon, FolderIcon, LinkIcon, PencilIcon, TrashIcon } from '../components/icons.js';
import { SelectCheckbox } from '../components/select-checkbox.js';
import { notify } from '../components/toaster.js';
import { formatDateTime } from '../format/date.js';
import { formatFileSize } from '../format/file-size.js';
import type { FilePick, Folder } from './file-manager-types.js';

/** What a listed entry's row can do, handed down from the drawer. */
export type EntryActions = {
  pick?: FilePick;
  onOpen(folder: Folder): void;
  onRename(entry: TEntry): void;
  onMove(entry: TEntry): void;
  onDelete(entry: TEntry): void;
  /** The ticked entries; null when rows have no tick box (picking). */
  selected: ReadonlyMap<string, TEntry> | null;
  onSelect(entry: TEntry, isSelected: boolean): void;
};

/** One file or folder of the list: its tick box, thumbnail, name and details, and its actions. */
export function EntryRow({ entry, pick, onOpen, onRename, onMove, onDelete, selected, onSelect }: { entry: TEntry } & EntryActions) {
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
