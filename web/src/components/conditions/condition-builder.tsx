/**
 * The condition builder of the advanced search and of auto-update groups: "match all/any" at the
 * top, conditions and one level of nested groups, each condition a field, an operator that fits
 * the field, and a value input of the field's kind. Controlled: the parent keeps the draft and
 * shows the problems validateDraft found once the user tries to submit.
 */
import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../shared/constants.js';
import type { MatchMode } from '../../../../shared/schemas/contact-search.js';
import { BracketsIcon, CloseIcon, PlusIcon } from '../icons.js';
import {
  conditionValueKind,
  countConditions,
  draftEdits,
  isDraftGroup,
  withField,
  withOperator,
  type ConditionDraft,
  type DraftCondition,
  type DraftGroup,
  type DraftProblems,
} from './condition-draft.js';
import { findField, GROUP_FIELD, type ConditionFieldOption, type GroupChoice } from './condition-fields.js';
import { operatorsFor } from './operators.js';
import { useFieldLabel } from './use-field-label.js';

export type ConditionBuilderProps = {
  draft: ConditionDraft;
  onChange(draft: ConditionDraft): void;
  fields: readonly ConditionFieldOption[];
  groups: readonly GroupChoice[];
  /** Shown once the user has tried to submit. */
  problems: DraftProblems | null;
};

export function ConditionBuilder({ draft, onChange, fields, groups, problems }: ConditionBuilderProps) {
  const { t } = useTranslation('search');
  const atLimit = countConditions(draft) >= CONTACT_LIMITS.conditions;
  const rowProps = { fields, groups, problems, onReplace: (next: DraftCondition) => onChange(draftEdits.replaceCondition(draft, next)) };

  return (
    <Stack gap="3" data-testid="condition-builder">
      {draft.rules.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" py="2">
          {t('conditions.none')}
        </Text>
      ) : (
        <MatchLine label={t('conditions.match')} lead={t('conditions.matchBefore')} value={draft.match} onChange={(match) => onChange(draftEdits.setMatch(draft, match))} />
      )}
      <Stack gap="0">
        {draft.rules.map((rule, index) => (
          <Box key={rule.key}>
            {index > 0 && <Connector match={draft.match} />}
            {isDraftGroup(rule) ? (
              <NestedGroup
                group={rule}
                label={t('conditions.groupLabel', { n: index + 1 })}
                atLimit={atLimit}
                onMatch={(match) => onChange(draftEdits.setMatch(draft, match, rule.key))}
                onAdd={() => onChange(draftEdits.addCondition(draft, rule.key))}
                onRemove={(key) => onChange(draftEdits.remove(draft, key))}
                rowProps={rowProps}
              />
            ) : (
              <ConditionRow condition={rule} label={t('conditions.conditionLabel', { n: index + 1 })} onRemove={() => onChange(draftEdits.remove(draft, rule.key))} {...rowProps} />
            )}
          </Box>
        ))}
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => onChange(draftEdits.addCondition(draft))} disabled={atLimit}>
          <PlusIcon boxSize="4" />
          {t('conditions.addCondition')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange(draftEdits.addGroup(draft))} disabled={atLimit}>
          <BracketsIcon boxSize="4" />
          {t('conditions.addGroup')}
        </Button>
        {atLimit && (
          <Text fontSize="sm" color="fg.muted">
            {t('conditions.limit', { n: CONTACT_LIMITS.conditions })}
          </Text>
        )}
      </HStack>
      {problems?.tree && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t(`conditions.problem.${problems.tree}`, { n: CONTACT_LIMITS.conditions })}
        </Text>
      )}
    </Stack>
  );
}

/** "Contacts match [all ▾] of these conditions"; a nested group says only "[any ▾] of these conditions". */
function MatchLine({ label, lead, value, onChange, size = 'sm' }: { label: string; lead?: string; value: MatchMode; onChange(match: MatchMode): void; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('search');
  return (
    <HStack gap="2" fontSize={size} wrap="wrap">
      {lead && <Text>{lead}</Text>}
      <NativeSelect.Root size={size} w="auto">
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value === 'any' ? 'any' : 'all')} fontWeight="semibold">
          <option value="all">{t('conditions.matchAll')}</option>
          <option value="any">{t('conditions.matchAny')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text>{t('conditions.matchAfter')}</Text>
    </HStack>
  );
}

/** The word between two rules: and / or. */
function Connector({ match }: { match: MatchMode }) {
  const { t } = useTranslation('search');
  return (
    <Flex align="center" gap="2" py="1.5" pl="4" aria-hidden="true">
      <Box w="px" h="3" bg="border" />
      <Badge size="sm" variant="subtle" colorPalette={match === 'all' ? 'brand' : 'orange'} textTransform="uppercase" letterSpacing="wide">
        {t(match === 'all' ? 'conditions.and' : 'conditions.or')}
      </Badge>
    </Flex>
  );
}

type RowProps = {
  fields: readonly ConditionFieldOption[];
  groups: readonly GroupChoice[];
  problems: DraftProblems | null;
  onReplace(next: DraftCondition): void;
};

function NestedGroup({
  group,
  label,
  atLimit,
  onMatch,
  onAdd,
  onRemove,
  rowProps,
}: {
  group: DraftGroup;
  label: string;
  atLimit: boolean;
  onMatch(match: MatchMode): void;
  onAdd(): void;
  onRemove(key: string): void;
  rowProps: RowProps;
}) {
  const { t } = useTranslation('search');
  return (
    <Box role="group" aria-label={label} borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="lg" p="3" bg="bg.subtle">
      <Flex justify="space-between" align="center" gap="2" mb="2">
        <MatchLine label={t('conditions.groupMatch', { group: label })} value={group.match} onChange={onMatch} size="xs" />
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('conditions.removeGroup', { group: label })} onClick={() => onRemove(group.key)}>
          <CloseIcon boxSize="3.5" />
        </IconButton>
      </Flex>
      <Stack gap="0">
        {group.rules.map((condition, index) => (
          <Box key={condition.key}>
            {index > 0 && <Connector match={group.match} />}
            <ConditionRow condition={condition} label={t('conditions.nestedConditionLabel', { group: label, n: index + 1 })} onRemove={() => onRemove(condition.key)} {...rowProps} />
          </Box>
        ))}
      </Stack>
      <Button size="xs" variant="ghost" mt="2" onClick={onAdd} disabled={atLimit} aria-label={t('conditions.addConditionTo', { group: label })}>
        <PlusIcon boxSize="3.5" />
        {t('conditions.addCondition')}
      </Button>
    </Box>
  );
}

function ConditionRow({ condition, label, onRemove, fields, groups, problems, onReplace }: RowProps & { condition: DraftCondition; label: string; onRemove(): void }) {
  const { t } = useTranslation('search');
  const fieldLabel = useFieldLabel();
  const field = findField(fields, condition.field);
  const problem = problems?.conditions[condition.key];
  const problemId = `${condition.key}-problem`;
  const custom = fields.filter((option) => option.customName !== null);
  const standard = fields.filter((option) => option.customName === null && option.id !== GROUP_FIELD);
  const groupField = fields.find((option) => option.id === GROUP_FIELD);

  return (
    <Box role="group" aria-label={label} data-testid="condition-row">
      <Flex gap="2" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Select label={t('conditions.field')} value={condition.field} onChange={(id) => onReplace(withField(condition, id, fields))} width={{ md: '13rem' }}>
          {!field && <option value={condition.field}>{t('conditions.unknownField')}</option>}
          <optgroup label={t('conditions.fieldGroup.contact')}>
            {standard.map((option) => (
              <option key={option.id} value={option.id}>
                {fieldLabel(option)}
              </option>
            ))}
          </optgroup>
          {custom.length > 0 && (
            <optgroup label={t('conditions.fieldGroup.custom')}>
              {custom.map((option) => (
                <option key={option.id} value={option.id}>
                  {fieldLabel(option)}
                </option>
              ))}
            </optgroup>
          )}
          {groupField && (
            <optgroup label={t('conditions.fieldGroup.membership')}>
              <option value={groupField.id}>{fieldLabel(groupField)}</option>
            </optgroup>
          )}
        </Select>
        <Select
          label={t('conditions.operator')}
          value={condition.operator}
          onChange={(operator) => {
            const next = field && operatorsFor(field.kind).find((candidate) => candidate === operator);
            if (next) onReplace(withOperator(condition, next, fields));
          }}
          width={{ md: '12rem' }}
        >
          {(field ? operatorsFor(field.kind) : [condition.operator]).map((operator) => (
            <option key={operator} value={operator}>
              {t(`conditions.operator.${operator}`)}
            </option>
          ))}
        </Select>
        <Box flex="1" w="full" minW="0">
          <ValueInput condition={condition} field={field} groups={groups} fields={fields} invalid={Boolean(problem)} describedBy={problem ? problemId : undefined} onChange={(value) => onReplace({ ...condition, value })} />
        </Box>
        <IconButton size="sm" variant="ghost" colorPalette="gray" aria-label={t('conditions.remove', { condition: label })} onClick={onRemove} alignSelf={{ base: 'flex-end', md: 'flex-start' }}>
          <CloseIcon boxSize="4" />
        </IconButton>
      </Flex>
      {problem && (
        <Text id={problemId} fontSize="sm" color="fg.error" mt="1">
          {t(`conditions.problem.${problem}`, { max: CONTACT_LIMITS.textValueLength })}
        </Text>
      )}
    </Box>
  );
}

function Select({ label, value, onChange, width, invalid, describedBy, children }: { label: string; value: string; onChange(value: string): void; width?: { md: string }; invalid?: boolean; describedBy?: string; children: ReactNode }) {
  return (
    <NativeSelect.Root size="sm" w={{ base: 'full', ...width }} flexShrink="0" invalid={invalid}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

type ValueInputProps = {
  condition: DraftCondition;
  field: ConditionFieldOption | undefined;
  fields: readonly ConditionFieldOption[];
  groups: readonly GroupChoice[];
  invalid: boolean;
  describedBy: string | undefined;
  onChange(value: string): void;
};

/** The value as the field's kind wants it typed or chosen; nothing for operators that take none. */
function ValueInput({ condition, field, fields, groups, invalid, describedBy, onChange }: ValueInputProps) {
  const { t } = useTranslation('search');
  const kind = conditionValueKind(condition, fields);
  const label = t('conditions.value');
  const common = { 'aria-label': label, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, size: 'sm', value: condition.value } as const;

  switch (kind) {
    case null:
      return null;
    case 'choice':
    case 'group': {
      const options = kind === 'choice' ? (field?.choices ?? []).map((choice) => ({ id: choice.id, name: choice.label })) : groups;
      const placeholder = options.length === 0 ? (kind === 'choice' ? 'conditions.noChoices' : 'conditions.noGroups') : kind === 'choice' ? 'conditions.chooseChoice' : 'conditions.chooseGroup';
      return (
        <Select label={label} value={condition.value} onChange={onChange} invalid={invalid} describedBy={describedBy}>
          <option value="">{t(placeholder)}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      );
    }
    case 'date':
      return <Input {...common} type="date" onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'number':
      return <Input {...common} type="number" step="any" inputMode="decimal" onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'text':
      return (
        <Input
          {...common}
          maxLength={CONTACT_LIMITS.textValueLength}
          placeholder={t(condition.field === 'mobile' ? 'conditions.mobilePlaceholder' : 'conditions.textPlaceholder')}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
