/** A condition tree in words, read-only: what an auto-update group selects, or what a search is saved with. */
import { Badge, Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MatchMode, TCondition, TConditionTree } from '../../../../shared/schemas/contact-search.js';
import { findField, type ConditionFieldOption, type GroupChoice } from './condition-fields.js';
import { valueKindOf } from './operators.js';
import { useConditionOptions } from './use-condition-options.js';
import { useFieldLabel } from './use-field-label.js';

export function ConditionSummary({ tree }: { tree: TConditionTree }) {
  const { t } = useTranslation('search');
  const { fields, groups } = useConditionOptions();
  if (!fields) return <Skeleton h="16" rounded="md" />;
  return (
    <Stack gap="1.5" fontSize="sm" data-testid="condition-summary">
      <Text color="fg.muted">{t(tree.match === 'all' ? 'conditions.summary.all' : 'conditions.summary.any')}</Text>
      <Stack as="ul" gap="1.5" listStyleType="none">
        {tree.rules.map((rule, index) => (
          <Box as="li" key={index} display="flex" gap="2" alignItems="baseline">
            <JoinWord match={tree.match} hidden={index === 0} />
            {'rules' in rule ? (
              <Box borderLeftWidth="2px" borderColor="border.emphasized" pl="3">
                <Text color="fg.muted">{t(rule.match === 'all' ? 'conditions.summary.groupAll' : 'conditions.summary.groupAny')}</Text>
                {rule.rules.map((condition, inner) => (
                  <Box key={inner} display="flex" gap="2" alignItems="baseline">
                    <JoinWord match={rule.match} hidden={inner === 0} />
                    <ConditionText condition={condition} fields={fields} groups={groups} />
                  </Box>
                ))}
              </Box>
            ) : (
              <ConditionText condition={rule} fields={fields} groups={groups} />
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function JoinWord({ match, hidden }: { match: MatchMode; hidden: boolean }) {
  const { t } = useTranslation('search');
  return (
    <Badge size="xs" variant="subtle" colorPalette={match === 'all' ? 'brand' : 'orange'} textTransform="uppercase" minW="9" justifyContent="center" visibility={hidden ? 'hidden' : undefined} flexShrink="0">
      {t(match === 'all' ? 'conditions.and' : 'conditions.or')}
    </Badge>
  );
}

/** A YYYY-MM-DD day in the UI language; the day itself, not an instant, so no time zone moves it. */
function formatDay(day: string, locale: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(time) : day;
}

function ConditionText({ condition, fields, groups }: { condition: TCondition; fields: readonly ConditionFieldOption[]; groups: readonly GroupChoice[] }) {
  const { t, i18n } = useTranslation('search');
  const fieldLabel = useFieldLabel();
  const field = findField(fields, condition.field);
  const kind = field ? valueKindOf(field.kind, condition.operator) : null;
  const raw = condition.value === undefined ? '' : String(condition.value);
  const value =
    kind === 'date'
      ? formatDay(raw, i18n.language)
      : kind === 'choice'
      ? (field?.choices.find((choice) => choice.id === raw)?.label ?? raw)
      : kind === 'group'
        ? (groups.find((group) => group.id === raw)?.name ?? t('conditions.deletedGroup'))
        : raw;
  return (
    <Text data-testid="condition-summary-item">
      <Text as="span" fontWeight="semibold">
        {field ? fieldLabel(field) : t('conditions.unknownField')}
      </Text>{' '}
      {t(`conditions.operator.${condition.operator}`)}
      {kind !== null && (
        <>
          {' '}
          <Text as="span" fontWeight="semibold">
            {t('conditions.quoted', { value })}
          </Text>
        </>
      )}
    </Text>
  );
}
