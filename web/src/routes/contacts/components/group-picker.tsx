/** The snapshot groups a contact belongs to: chosen ones as removable tags, the rest in a filterable list. */
import { Badge, Box, Checkbox, CloseButton, Flex, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshotGroupFilter } from '../use-snapshot-group-filter.js';

type Props = { groupIds: string[]; onChange(groupIds: string[]): void };

export function GroupPicker({ groupIds, onChange }: Props) {
  const { t } = useTranslation('contacts');
  const { groups, shown, filter, setFilter, isLoading } = useSnapshotGroupFilter();
  const chosen = new Set(groupIds);
  const toggle = (id: string, on: boolean) => onChange(on ? [...groupIds, id] : groupIds.filter((item) => item !== id));

  if (isLoading) {
    return (
      <Flex justify="center" py="4">
        <Spinner size="sm" color="brand.solid" />
      </Flex>
    );
  }
  if (!groups || groups.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('form.noGroups')}
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="group-picker">
      {groupIds.length > 0 && (
        <HStack gap="1.5" wrap="wrap">
          {groups
            .filter((group) => chosen.has(group.id))
            .map((group) => (
              <Badge key={group.id} size="md" variant="subtle" colorPalette="brand" ps="2" pe="0.5" gap="0.5">
                {group.name}
                <CloseButton size="2xs" aria-label={t('form.removeGroup', { group: group.name })} onClick={() => toggle(group.id, false)} />
              </Badge>
            ))}
        </HStack>
      )}
      <Input size="sm" placeholder={t('form.filterGroups')} aria-label={t('form.filterGroups')} value={filter} onChange={(event) => setFilter(event.target.value)} />
      <Box borderWidth="1px" rounded="md" maxH="48" overflowY="auto" px="3" py="1">
        {shown.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" py="2">
            {t('addToGroup.noMatch')}
          </Text>
        ) : (
          shown.map((group) => (
            <Checkbox.Root key={group.id} size="sm" display="flex" py="1.5" checked={chosen.has(group.id)} onCheckedChange={(details) => toggle(group.id, details.checked === true)} data-testid="group-option">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal">{group.name}</Checkbox.Label>
            </Checkbox.Root>
          ))
        )}
      </Box>
    </Stack>
  );
}
