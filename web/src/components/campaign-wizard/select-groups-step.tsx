/**
 * select-groups (spec §2.1, §3 "Recipient selection"): each group, and each earlier sent campaign's
 * audience, can be included or excluded; the deduplicated count of who would receive it follows.
 */
import type { ReactNode } from 'react';
import { Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TRecipientSelection } from '../../../../shared/schemas/groups.js';
import { useSentCampaigns } from '../../api/campaigns.js';
import { useEveryGroup } from '../../api/groups.js';
import { ListError, ListSkeleton } from '../list-states.js';
import { useFormatters } from '../../format/use-formatters.js';
import { GroupTypeBadge } from '../groups/group-type.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { useCampaignFamily } from '../campaigns/campaign-family.js';
import type { RecipientsDraft } from './use-campaign-draft.js';

export const EMPTY_SELECTION: TRecipientSelection = { includedGroup: [], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };

type Choice = 'none' | 'include' | 'exclude';

/**
 * An included and an excluded list of one kind of entry (groups by id, campaigns by reference):
 * what an entry is, and the two lists after choosing for it. An entry is never in both.
 */
function chooser<T>(included: readonly T[], excluded: readonly T[], keyOf: (entry: T) => string) {
  const has = (entries: readonly T[], key: string) => entries.some((entry) => keyOf(entry) === key);
  return {
    choiceOf: (key: string): Choice => (has(included, key) ? 'include' : has(excluded, key) ? 'exclude' : 'none'),
    choose(entry: T, choice: Choice): [T[], T[]] {
      const others = (entries: readonly T[]) => entries.filter((other) => keyOf(other) !== keyOf(entry));
      return [choice === 'include' ? [...others(included), entry] : others(included), choice === 'exclude' ? [...others(excluded), entry] : others(excluded)];
    },
  };
}

export function SelectGroupsStep({ draft }: { draft: RecipientsDraft }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const { groups, error: groupsError } = useEveryGroup();
  const { campaigns, error: campaignsError } = useSentCampaigns(useCampaignFamily());
  const selection = draft.command.selection ?? EMPTY_SELECTION;

  const groupLists = chooser(selection.includedGroup, selection.excludedGroup, (id: string) => id);
  const campaignLists = chooser(selection.includedCampaign, selection.excludedCampaign, (ref: TRecipientSelection['includedCampaign'][number]) => ref.id);
  const chooseGroup = (id: string, choice: Choice) => {
    const [includedGroup, excludedGroup] = groupLists.choose(id, choice);
    draft.update({ selection: { ...selection, includedGroup, excludedGroup } });
  };
  const chooseCampaign = (ref: { id: string; title: string; type: string }, choice: Choice) => {
    const [includedCampaign, excludedCampaign] = campaignLists.choose(ref, choice);
    draft.update({ selection: { ...selection, includedCampaign, excludedCampaign } });
  };
  const otherCampaigns = campaigns?.filter((campaign) => campaign.id !== draft.id);
  const choices = [
    { value: 'none' as const, label: t('recipients.none') },
    { value: 'include' as const, label: t('recipients.include') },
    { value: 'exclude' as const, label: t('recipients.exclude') },
  ];

  return (
    <Stack gap="8" data-testid="select-groups-step">
      <ChoiceSection title={t('recipients.groups')} items={groups} failed={Boolean(groupsError)} emptyText={t('recipients.noGroups')} skeletonRows={3} errorTestId="groups-load-error">
        {(groups ?? []).map((group) => (
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
                value={groupLists.choiceOf(group.id)}
                choices={choices}
                onChange={(choice) => chooseGroup(group.id, choice)}
                label={t('recipients.choiceFor', { name: group.name })}
                testId="group-choice"
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </ChoiceSection>
      <ChoiceSection
        title={t('recipients.campaigns')}
        hint={t('recipients.campaignsHint')}
        items={otherCampaigns}
        failed={Boolean(campaignsError)}
        emptyText={t('recipients.noCampaigns')}
        skeletonRows={2}
        errorTestId="campaigns-load-error"
      >
        {(otherCampaigns ?? []).map((campaign) => (
          <Table.Row key={campaign.id} data-testid="recipient-campaign">
            <Table.Cell fontWeight="medium">{campaign.name}</Table.Cell>
            <Table.Cell textAlign="end">
              <ChoiceButtons<Choice>
                value={campaignLists.choiceOf(campaign.id)}
                choices={choices}
                onChange={(choice) => chooseCampaign({ id: campaign.id, title: campaign.name, type: campaign.type }, choice)}
                label={t('recipients.choiceFor', { name: campaign.name })}
                testId="campaign-choice"
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </ChoiceSection>
    </Stack>
  );
}

type ChoiceSectionProps = {
  title: string;
  hint?: string;
  /** Undefined while loading. */
  items: readonly unknown[] | undefined;
  failed: boolean;
  emptyText: string;
  skeletonRows: number;
  errorTestId: string;
  /** The rows, one per item. */
  children: ReactNode;
};

/** One kind of recipient source (groups, sent campaigns): loading, failure, empty, or the rows to choose in. */
function ChoiceSection({ title, hint, items, failed, emptyText, skeletonRows, errorTestId, children }: ChoiceSectionProps) {
  const { t } = useTranslation('campaigns');
  return (
    <Stack gap="3">
      <Heading size="md">{title}</Heading>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
      <Box borderWidth="1px" rounded="lg" overflow="hidden">
        {!items ? (
          failed ? <ListError title={t('recipients.loadFailed')} onRetry={() => window.location.reload()} testId={errorTestId} /> : <ListSkeleton rows={skeletonRows} />
        ) : items.length === 0 ? (
          <Text p="4" color="fg.muted">
            {emptyText}
          </Text>
        ) : (
          <Table.Root size="sm" aria-label={title}>
            <Table.Body>{children}</Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}
