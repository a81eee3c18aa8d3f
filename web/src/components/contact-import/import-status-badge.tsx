/** An import's status as a coloured badge (the list of recent imports and the report). */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TImportJob } from '../../api/imports.js';

const PALETTES: Record<TImportJob['status'], string> = {
  uploading: 'gray',
  queued: 'gray',
  importing: 'blue',
  finished: 'green',
  stopped: 'orange',
  aborted: 'red',
  limitReached: 'orange',
};

export function ImportStatusBadge({ status, testId }: { status: TImportJob['status']; testId?: string }) {
  const { t } = useTranslation('contacts');
  return (
    <Badge colorPalette={PALETTES[status]} data-testid={testId} data-status={status}>
      {t(`import.status.${status}`)}
    </Badge>
  );
}
