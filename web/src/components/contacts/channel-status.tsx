/** A channel's state as badges (spec §3: subscribe and bounceStatus of each primary entry). */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BounceStatus } from '../../../../shared/schemas/contacts.js';

export function SubscriptionBadge({ subscribe, testId }: { subscribe: boolean; testId?: string }) {
  const { t } = useTranslation('contacts');
  return (
    <Badge size="sm" variant="subtle" colorPalette={subscribe ? 'green' : 'gray'} data-testid={testId}>
      {t(subscribe ? 'status.subscribed' : 'status.unsubscribed')}
    </Badge>
  );
}

export function BounceBadge({ bounce }: { bounce: Exclude<BounceStatus, 'none'> }) {
  const { t } = useTranslation('contacts');
  return (
    <Badge size="sm" variant="subtle" colorPalette={bounce === 'hard' ? 'red' : 'orange'}>
      {t(`status.bounce.${bounce}`)}
    </Badge>
  );
}

/** The one badge that matters most, for lists: a bounce stops sending whatever the subscription says. */
export function ChannelStatus({ subscribe, bounce }: { subscribe: boolean; bounce: BounceStatus }) {
  return bounce === 'none' ? <SubscriptionBadge subscribe={subscribe} /> : <BounceBadge bounce={bounce} />;
}
