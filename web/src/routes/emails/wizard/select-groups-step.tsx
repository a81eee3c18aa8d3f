/**
 * select-groups (spec §2.1, §3 "Recipient selection"): each group, and each earlier sent campaign's
 * audience, can be included or excluded; the deduplicated count of who would receive it follows.
 */
import { Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TRecipientSelection } from '../../../../../shared/schemas/groups.js';
import { useSentCampaigns } from '../../../api/campaigns.js';
import { useEveryGroup } from '../../../api/groups.js';
import { ListError, ListSkeleton } from '../../../components/list-states.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { GroupTypeBadge } from '../../groups/components/group-type.js';
import { ChoiceButtons } from '../../templates/components/choice-buttons.js';
import type { CampaignDraft } from './use-campaign-draft.js';

export const EMPTY_SELECTION: TRecipientSelection = { includedGroup: [], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };

type Choice = 'none' | 'include' | 'exclude';

export function SelectGroupsStep({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const { groups, error: groupsError } = useEveryGroup();
  const { campaigns, error: campaignsError } = useSentCampaigns();
  const selection = draft.command.selection ?? EMPTY_SELECTION;

  const groupChoice = (id: string): Choice => (selection.includedGroup.includes(id) ? 'include' : selection.excludedGroup.includes(id) ? 'exclude' : 'none');
  const chooseGroup = (id: string, choice: Choice) => {
    const others = (ids: readonly string[]) => ids.filter((other) => other !== id);
    draft.update({
      selection: {
        ...selection,
        includedGroup: choice === 'include' ? [...others(selection.includedGroup), id] : others(selection.includedGroup),
        excludedGroup: choice === 'exclude' ? [...others(selection.excludedGroup), id] : others(selection.excludedGroup),
      },
    });
  };
  const campaignChoice = (id: string): Choice =>
    selection.includedCampaign.some((ref) => ref.id === id) ? 'include' : selection.excludedCampaign.some((ref) => ref.id === id) ? 'exclude' : 'none';
  const chooseCampaign = (ref: { id: string; title: string; type: string }, choice: Choice) => {
    const others = (refs: TRecipientSelection['includedCampaign']) => refs.filter((other) => other.id !== ref.id);
    draft.update({
      selection: {
        ...selection,
        includedCampaign: choice === 'include' ? [...others(selection.includedCampaign), ref] : others(selection.includedCampaign),
        excludedCampaign: choice === 'exclude' ? [...others(selection.excludedCampaign), ref] : others(selection.excludedCampaign),
      },
    });
  };
  const choices = [
    { value: 'none' as const, label: t('recipients.none') },
    { value: 'include' as const, label: t('recipients.include') },
    { value: 'exclude' as const, label: t('recipients.exclude') },
  ];

  return (
    <Stack gap="8" data-testid="select-groups-step">
      <Stack gap="3">
        <Heading size="md">{t('recipients.groups')}</Heading>
        <Box borderWidth="1px" rounded="lg" overflow="hidden">
          {!groups ? (
            groupsError ? <ListError title={t('recipients.loadFailed')} onRetry={() => window.location.reload()} testId="groups-load-error" /> : <ListSkeleton rows={3} />
          ) : groups.length === 0 ? (
            <Text p="4" color="fg.muted">
              {t('recipients.noGroups')}
            </Text>
          ) : (
            <Table.Root size="sm" aria-label={t('recipients.groups')}>
              <Table.Body>
                {groups.map((group) => (
                  <Table.Row key={group.id} data-testid="recipient-group" data-group-name={group.name}>
                    <Table.Cell>
                      <HStack gap="2">
                        <Text fontWeight="medium">{group.name}</Text>
                        <GroupTypeBadge type={group.type} />
                      </HStack>
                    </Table.Cell>
                    <Table.Cell textAlign="end" color="fg.muted" fontSize="sm">
                      {group.count === null ? '' : t('recipients.members', { count: group.count, n: number(group.count) })}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <ChoiceButtons<Choice>
                        value={groupChoice(group.id)}
                        choices={choices}
                        onChange={(choice) => chooseGroup(group.id, choice)}
                        label={t('recipients.choiceFor', { name: group.name })}
                        testId="group-choice"
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
      </Stack>
      <Stack gap="3">
        <Heading size="md">{t('recipients.campaigns')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('recipients.campaignsHint')}
        </Text>
        <Box borderWidth="1px" rounded="lg" overflow="hidden">
          {!campaigns ? (
            campaignsError ? <ListError title={t('recipients.loadFailed')} onRetry={() => window.location.reload()} testId="campaigns-load-error" /> : <ListSkeleton rows={2} />
          ) : campaigns.length === 0 ? (
            <Text p="4" color="fg.muted">
              {t('recipients.noCampaigns')}
            </Text>
          ) : (
            <Table.Root size="sm" aria-label={t('recipients.campaigns')}>
              <Table.Body>
                {campaigns
                  .filter((campaign) => campaign.id !== draft.id)
                  .map((campaign) => (
                    <Table.Row key={campaign.id} data-testid="recipient-campaign">
                      <Table.Cell fontWeight="medium">{campaign.name}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <ChoiceButtons<Choice>
                          value={campaignChoice(campaign.id)}
                          choices={choices}
                          onChange={(choice) => chooseCampaign({ id: campaign.id, title: campaign.name, type: campaign.type }, choice)}
                          label={t('recipients.choiceFor', { name: campaign.name })}
                          testId="campaign-choice"
                        />
                      </Table.Cell>
                    </Table.Row>
                  ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
