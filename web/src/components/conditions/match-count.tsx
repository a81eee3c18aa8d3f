/** How many contacts a search selects, counted by the server and shown as soon as it arrives. */
import { HStack, Spinner, Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TContactFilter } from '../../../../shared/schemas/contact-search.js';
import { useContactCount } from '../../api/contacts.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useSearchBuffer } from '../use-search-buffer.js';
import { hasProblems, treeFromDraft, validateDraft, type ConditionDraft } from './condition-draft.js';
import type { ConditionFieldOption, GroupChoice } from './condition-fields.js';

export function MatchCount({ filter, ...props }: { filter: TContactFilter } & TextProps) {
  // A new filter starts without a number rather than showing the previous filter's.
  return <Counted key={JSON.stringify(filter)} filter={filter} {...props} />;
}

function Counted({ filter, ...props }: { filter: TContactFilter } & TextProps) {
  const { t } = useTranslation('search');
  const { number } = useFormatters();
  const { count, error } = useContactCount(filter);
  if (error) {
    return (
      <Text color="fg.error" {...props}>
        {t('count.failed')}
      </Text>
    );
  }
  if (count === undefined) return <Counting {...props} />;
  return (
    <Text {...props} data-testid="match-count" data-count={count}>
      {t('count.matches', { count, n: number(count) })}
    </Text>
  );
}

function Counting(props: TextProps) {
  const { t } = useTranslation('search');
  return (
    <HStack gap="2" color="fg.muted">
      <Spinner size="xs" />
      <Text {...props}>{t('count.counting')}</Text>
    </HStack>
  );
}

/** The count of a draft being edited: once every condition is complete and typing has paused. */
export function DraftMatchCount({ draft, fields, groups }: { draft: ConditionDraft; fields: readonly ConditionFieldOption[]; groups: readonly GroupChoice[] }) {
  const { t } = useTranslation('search');
  const complete = !hasProblems(validateDraft(draft, fields, groups));
  const treeJson = complete ? JSON.stringify(treeFromDraft(draft, fields)) : '';
  const buffered = useSearchBuffer(treeJson);
  if (!complete) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('count.incomplete')}
      </Text>
    );
  }
  if (buffered !== treeJson) return <Counting fontSize="sm" />;
  return <MatchCount filter={{ conditions: JSON.parse(buffered) as TContactFilter['conditions'] }} fontSize="sm" fontWeight="medium" />;
}
