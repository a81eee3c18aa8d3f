import { Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** One file of an upload, as its row shows it. */
export type UploadState = { key: string; name: string; percent: number; status: 'uploading' | 'done' | 'failed' };

/** The files being (or just) uploaded, each with its progress or outcome. */
export function UploadProgressList({ uploads }: { uploads: UploadState[] }) {
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
