/** The account's storage used against its quota, in the drawer's header. */
import { Box, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useStorageUsage } from '../api/file-manager.js';
import { formatFileSize } from '../format/file-size.js';

export function StorageUsageBar() {
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
