/** Snapshot or auto-update, as two cards that say what each means; a type may be unavailable with its reason. */
import { HStack, RadioCard, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GroupType } from '../../../api/groups.js';
import { GroupTypeIcon } from '../../../components/groups/group-type.js';

type Props = {
  value: GroupType;
  onChange(type: GroupType): void;
  /** Why a type cannot be chosen here, by type. */
  unavailable?: Partial<Record<GroupType, string>>;
};

const ORDER: readonly GroupType[] = ['S', 'D'];

export function GroupTypeChoice({ value, onChange, unavailable = {} }: Props) {
  const { t } = useTranslation('groups');
  return (
    <RadioCard.Root value={value} onValueChange={(details) => (details.value === 'S' || details.value === 'D') && onChange(details.value)} orientation="horizontal" data-testid="group-type-choice">
      <RadioCard.Label>{t('form.type')}</RadioCard.Label>
      <HStack align="stretch" gap="3" flexDirection={{ base: 'column', md: 'row' }}>
        {ORDER.map((type) => (
          <RadioCard.Item key={type} value={type} disabled={unavailable[type] !== undefined} flex="1" data-testid={`group-type-${type}`}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <GroupTypeIcon type={type} />
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{t(`type.${type}`)}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{t(`form.typeHint.${type}`)}</RadioCard.ItemDescription>
                {unavailable[type] && (
                  <Text fontSize="xs" color="fg.warning" mt="1">
                    {unavailable[type]}
                  </Text>
                )}
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </HStack>
    </RadioCard.Root>
  );
}
