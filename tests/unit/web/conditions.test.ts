/**
 * The condition builder's rules: which operators each field offers and what value they take, the
 * draft's checks before a search is sent, its conversion to the API's tree and back, and a search
 * read back from the URL.
 */
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../shared/constants.js';
import type { TConditionTree } from '../../../shared/schemas/contact-search.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';
import {
  countConditions,
  draftEdits,
  draftFromTree,
  emptyDraft,
  hasProblems,
  isDraftGroup,
  treeFromDraft,
  validateDraft,
  withField,
  withOperator,
  type ConditionDraft,
  type DraftCondition,
} from '../../../web/src/components/conditions/condition-draft.js';
import { conditionFieldOptions } from '../../../web/src/components/conditions/condition-fields.js';
import { filterFromParams, filterToParams, parseConditionTree } from '../../../web/src/components/conditions/filter-params.js';
import { valueKindOf } from '../../../web/src/components/conditions/operators.js';

const SCHEMAS: TFieldSchema[] = [
  { id: 'city', name: 'City', type: 'text', choices: [], createTime: '2025-01-01T00:00:00Z' },
  { id: 'age', name: 'Age', type: 'number', choices: [], createTime: '2025-01-01T00:00:00Z' },
  { id: 'born', name: 'Birthday', type: 'date', choices: [], createTime: '2025-01-01T00:00:00Z' },
  { id: 'tier', name: 'Tier', type: 'singleChoice', choices: [{ id: 'gold', label: 'Gold' }], createTime: '2025-01-01T00:00:00Z' },
  { id: 'tags', name: 'Tags', type: 'multipleChoice', choices: [{ id: 'vip', label: 'VIP' }], createTime: '2025-01-01T00:00:00Z' },
];
const FIELDS = conditionFieldOptions(SCHEMAS);
const GROUPS = [{ id: 'g1', name: 'Newsletter' }];

function condition(field: string, operator: DraftCondition['operator'], value = ''): DraftCondition {
  return { key: `${field}-${operator}`, field, operator, value };
}

describe('operators (shared/domain/condition-operators.ts, as the builder reads them)', () => {
  it('lists the standard fields, every custom field and group membership', () => {
    expect(FIELDS.map((field) => [field.id, field.kind])).toEqual([
      ['email', 'email'],
      ['mobile', 'mobile'],
      ['createTime', 'timestamp'],
      ['updateTime', 'timestamp'],
      ['field:city', 'text'],
      ['field:age', 'number'],
      ['field:born', 'date'],
      ['field:tier', 'singleChoice'],
      ['field:tags', 'multipleChoice'],
      ['group', 'group'],
    ]);
  });

  it('asks for the value the operator needs, and none for states', () => {
    expect(valueKindOf('email', 'contains')).toBe('text');
    expect(valueKindOf('email', 'bounced')).toBeNull();
    expect(valueKindOf('number', 'greaterThan')).toBe('number');
    expect(valueKindOf('timestamp', 'before')).toBe('date');
    expect(valueKindOf('multipleChoice', 'contains')).toBe('choice');
    expect(valueKindOf('date', 'isEmpty')).toBeNull();
    expect(valueKindOf('group', 'notInGroup')).toBe('group');
  });
});

describe('condition draft', () => {
  it('turns a complete draft into the API tree, with numbers as numbers and no value for states', () => {
    // Prepare
    const draft: ConditionDraft = {
      match: 'all',
      rules: [
        condition('email', 'contains', ' @example.com '),
        condition('mobile', 'isNotEmpty'),
        { key: 'nested', match: 'any', rules: [condition('field:age', 'greaterThan', '30'), condition('group', 'inGroup', 'g1')] },
      ],
    };

    // Act
    const problems = validateDraft(draft, FIELDS, GROUPS);
    const tree = treeFromDraft(draft, FIELDS);

    // Assess
    expect(hasProblems(problems)).toBe(false);
    expect(tree).toEqual({
      match: 'all',
      rules: [
        { field: 'email', operator: 'contains', value: '@example.com' },
        { field: 'mobile', operator: 'isNotEmpty' },
        { match: 'any', rules: [{ field: 'field:age', operator: 'greaterThan', value: 30 }, { field: 'group', operator: 'inGroup', value: 'g1' }] },
      ],
    });
    expect(treeFromDraft(draftFromTree(tree), FIELDS)).toEqual(tree);
  });

  it('names what is wrong with each condition before anything is sent', () => {
    // Prepare
    const draft: ConditionDraft = {
      match: 'any',
      rules: [
        condition('email', 'contains', '  '),
        condition('field:age', 'equals', 'thirty'),
        condition('createTime', 'on', '2025-02-30'),
        condition('field:tier', 'equals', 'silver'),
        condition('group', 'inGroup', 'deleted-group'),
        condition('field:gone', 'equals', 'x'),
        condition('createTime', 'isEmpty'),
        condition('field:city', 'equals', 'x'.repeat(CONTACT_LIMITS.textValueLength + 1)),
      ],
    };

    // Act
    const problems = validateDraft(draft, FIELDS, GROUPS);

    // Assess
    expect(Object.values(problems.conditions)).toEqual([
      'valueRequired',
      'notANumber',
      'invalidDate',
      'choiceRequired',
      'groupRequired',
      'unknownField',
      'unknownField',
      'tooLong',
    ]);
    expect(problems.tree).toBeNull();
  });

  it('refuses an empty search and one over the limit of conditions', () => {
    expect(validateDraft({ match: 'all', rules: [] }, FIELDS, GROUPS).tree).toBe('empty');
    const many: ConditionDraft = { match: 'all', rules: Array.from({ length: CONTACT_LIMITS.conditions + 1 }, (_, index) => condition('mobile', 'isEmpty', String(index))) };
    expect(validateDraft(many, FIELDS, GROUPS).tree).toBe('tooMany');
  });

  it('keeps the operator and value across a field change only while they still fit', () => {
    // Act
    const toCity = withField(condition('email', 'contains', 'ann'), 'field:city', FIELDS);
    const toAge = withField(condition('email', 'contains', 'ann'), 'field:age', FIELDS);
    const toTier = withField(condition('field:city', 'equals', 'Paris'), 'field:tier', FIELDS);

    // Assess
    expect(toCity).toMatchObject({ field: 'field:city', operator: 'contains', value: 'ann' });
    expect(toAge).toMatchObject({ field: 'field:age', operator: 'equals', value: '' });
    expect(toTier).toMatchObject({ field: 'field:tier', operator: 'equals', value: '' });
    expect(withOperator(condition('email', 'contains', 'ann'), 'isEmpty', FIELDS).value).toBe('');
  });

  it('adds and removes conditions and nested groups; a nested group goes with its last condition', () => {
    // Prepare
    let draft = emptyDraft();

    // Act
    draft = draftEdits.addGroup(draft);
    const nested = draft.rules[1];
    if (!isDraftGroup(nested)) throw new Error('expected a nested group');
    draft = draftEdits.addCondition(draft, nested.key);
    draft = draftEdits.setMatch(draft, 'all', nested.key);

    // Assess
    expect(countConditions(draft)).toBe(3);
    expect(nested.match).toBe('any');
    const grown = draft.rules[1];
    expect(isDraftGroup(grown) && grown.match).toBe('all');
    if (!isDraftGroup(grown)) return;
    const afterOne = draftEdits.remove(draft, grown.rules[0].key);
    expect(countConditions(afterOne)).toBe(2);
    const afterBoth = draftEdits.remove(afterOne, grown.rules[1].key);
    expect(afterBoth.rules).toHaveLength(1);
    expect(isDraftGroup(afterBoth.rules[0])).toBe(false);
  });
});

describe('a search in the URL', () => {
  const tree: TConditionTree = { match: 'any', rules: [{ field: 'email', operator: 'equals', value: 'a@b.c' }, { match: 'all', rules: [{ field: 'field:age', operator: 'lessThan', value: 18 }] }] };

  it('round-trips conditions and the quick search', () => {
    const params = filterToParams({ conditions: tree, quickSearch: 'ann' });
    expect(filterFromParams(params)).toEqual({ conditions: tree, quickSearch: 'ann' });
  });

  it('ignores what is not a condition tree', () => {
    for (const text of ['not json', '{}', '{"match":"all","rules":[]}', '{"match":"some","rules":[{"field":"email","operator":"contains","value":"x"}]}', '{"match":"all","rules":[{"field":"email","operator":"drop table"}]}', '{"match":"all","rules":[{"field":"email","operator":"equals","value":{"$ne":1}}]}']) {
      expect(parseConditionTree(text), text).toBeNull();
    }
    expect(filterFromParams(new URLSearchParams('conditions=nope'))).toBeNull();
    expect(filterFromParams(new URLSearchParams('conditions=nope&quickSearch=%20ann%20'))).toEqual({ quickSearch: 'ann' });
  });
});
