/** A campaign's status as a badge (spec §4), with its approval state beside it when one is pending or settled. */
import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApprovalState, CampaignStatus } from '../../../../shared/domain/campaign-states.js';

const PALETTE: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  started: 'green',
  resumed: 'green',
  recovered: 'green',
  paused: 'orange',
  stopped: 'red',
  cancelled: 'red',
  finished: 'teal',
};

/** `status` null: the report has not loaded yet (spec §4 "Reports": shown as unknown). */
export function CampaignStatusBadge({ status, approval }: { status: CampaignStatus | null; approval?: ApprovalState | null }) {
  const { t } = useTranslation('campaigns');
  return (
    <HStack as="span" gap="1.5">
      <Badge size="sm" variant="subtle" colorPalette={status ? PALETTE[status] : 'gray'} data-testid="campaign-status" data-status={status ?? 'unknown'}>
        {t(`status.${status ?? 'unknown'}`)}
      </Badge>
      {approval && (
        <Badge size="sm" variant="outline" colorPalette={approval === 'rejected' ? 'red' : approval === 'approved' ? 'green' : 'orange'} data-testid="campaign-approval">
          {t(`approval.${approval}`)}
        </Badge>
      )}
    </HStack>
  );
}
