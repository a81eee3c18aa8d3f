import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { TImportKind } from '../../../api/imports.js';
import { IMPORT_UPLOAD_PATHS } from '../../../paths/contacts.js';
import type { PreviewError } from './use-import-confirm.js';

/** Why the file could not be previewed; unless another encoding may read it, a link to choose another file. */
export function ImportPreviewError({ error, kind, canRetryEncoding }: { error: PreviewError; kind: TImportKind; canRetryEncoding: boolean }) {
  const { t } = useTranslation('contacts');
  return (
    <Stack gap="2" p="4" rounded="md" bg="bg.error" color="fg.error" role="alert" data-testid="import-preview-error" data-code={error.code}>
      <Text>{error.message}</Text>
      {!canRetryEncoding && (
        <Button asChild size="sm" variant="outline" alignSelf="flex-start">
          <RouterLink to={IMPORT_UPLOAD_PATHS[kind]}>{t('import.action.chooseAnother')}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
