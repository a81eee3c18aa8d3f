/** How a group's type looks wherever groups are listed: an icon, and a badge with the type's name. */
import { Badge, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GroupType } from '../../api/groups.js';
import { CameraIcon, RefreshIcon } from '../icons.js';

export function GroupTypeIcon({ type }: { type: GroupType }) {
  const Icon = type === 'D' ? RefreshIcon : CameraIcon;
  return (
    <Flex boxSize="7" flexShrink="0" rounded="md" align="center" justify="center" bg={type === 'D' ? 'teal.subtle' : 'brand.subtle'} color={type === 'D' ? 'teal.fg' : 'brand.fg'}>
      <Icon boxSize="4" />
    </Flex>
  );
}

export function GroupTypeBadge({ type }: { type: GroupType }) {
  const { t } = useTranslation('groups');
  return (
    <Badge size="md" variant="subtle" colorPalette={type === 'D' ? 'teal' : 'brand'} data-testid="group-type">
      {t(`type.${type}`)}
    </Badge>
  );
}
