import { Box, Card, Checkbox, Field, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../api/groups.js';

type ImportOptionsCardProps = {
  existing: 'update' | 'skip';
  onExistingChange(existing: 'update' | 'skip'): void;
  /** The groups section shows only when groups can be listed. */
  canReadGroups: boolean;
  snapshotGroups: TGroup[];
  groupIds: string[];
  onGroupChange(groupId: string, isChosen: boolean): void;
  /** An import for a campaign offers a new group named after it. */
  offersNewGroup: boolean;
  isNewGroupChosen: boolean;
  onNewGroupChosenChange(isChosen: boolean): void;
  newGroupName: string | null;
  onNewGroupNameChange(name: string): void;
};

/** A contact import's options: what to do with existing contacts, and the groups to add the contacts to. */
export function ImportOptionsCard(props: ImportOptionsCardProps) {
  const { existing, onExistingChange, canReadGroups, snapshotGroups, groupIds, onGroupChange, offersNewGroup, isNewGroupChosen, onNewGroupChosenChange, newGroupName, onNewGroupNameChange } = props;
  const { t } = useTranslation('contacts');
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack gap="5">
          <Field.Root maxW="sm">
            <Field.Label>{t('import.confirm.existing')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={existing} onChange={(event) => onExistingChange(event.currentTarget.value === 'skip' ? 'skip' : 'update')} data-testid="import-existing">
                <option value="update">{t('import.confirm.existingUpdate')}</option>
                <option value="skip">{t('import.confirm.existingSkip')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {canReadGroups && (
            <Stack gap="2">
              <Heading as="h2" size="sm">
                {t('import.confirm.groups')}
              </Heading>
              {offersNewGroup && (
                <Stack gap="2" data-testid="import-new-group">
                  <Checkbox.Root size="sm" checked={isNewGroupChosen} onCheckedChange={(details) => onNewGroupChosenChange(details.checked === true)} data-testid="import-new-group-option">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal">{t('import.campaign.newGroup')}</Checkbox.Label>
                  </Checkbox.Root>
                  {isNewGroupChosen && (
                    <Input
                      size="sm"
                      maxW="lg"
                      value={newGroupName ?? ''}
                      onChange={(event) => onNewGroupNameChange(event.currentTarget.value)}
                      aria-label={t('import.campaign.newGroupName')}
                      data-testid="import-new-group-name"
                    />
                  )}
                </Stack>
              )}
              {snapshotGroups.length === 0 ? (
                !offersNewGroup && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('form.noGroups')}
                  </Text>
                )
              ) : (
                <Box maxH="48" overflowY="auto" data-testid="import-groups">
                  {snapshotGroups.map((group) => (
                    <Checkbox.Root
                      key={group.id}
                      size="sm"
                      display="flex"
                      py="1"
                      checked={groupIds.includes(group.id)}
                      onCheckedChange={(details) => onGroupChange(group.id, details.checked === true)}
                      data-testid="import-group-option"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label fontWeight="normal">{group.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Box>
              )}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
