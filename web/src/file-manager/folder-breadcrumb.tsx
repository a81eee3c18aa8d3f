import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROOT_FOLDER_ID } from '../../../shared/schemas/file-manager.js';
import { useFolder } from '../api/file-manager.js';
import { ChevronIcon } from '../components/icons.js';
import type { Folder } from './file-manager-types.js';

/** Where the listed folder is; each step opens its folder. Built from the page's path. */
export function FolderBreadcrumb({ folder, onOpen }: { folder: Folder; onOpen(folder: Folder): void }) {
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
