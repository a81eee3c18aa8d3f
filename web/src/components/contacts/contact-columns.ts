/**
 * The contact list's columns and sort order: which columns exist for the account's fields, which
 * the user hid, and the `sort` URL parameter (`email.asc`) as the API's TContactSort.
 */
import type { TContactSort } from '../../../../shared/schemas/contact-search.js';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';

export type StandardColumn = 'email' | 'mobile' | 'createTime' | 'updateTime';
/** A custom field's column is named as the API names it in conditions and sorts. */
export type ColumnId = StandardColumn | `field:${string}`;

export const DEFAULT_SORT: TContactSort = { field: 'createTime', direction: 'desc' };
/** Shown only when chosen: most lists need one date, not two. */
export const DEFAULT_HIDDEN_COLUMNS: readonly ColumnId[] = ['updateTime'];

export function fieldColumn(fieldId: string): ColumnId {
  return `field:${fieldId}`;
}

/** The custom field a column shows, if it is one. */
export function fieldIdOf(column: ColumnId): string | null {
  return column.startsWith('field:') ? column.slice('field:'.length) : null;
}

/** Every column the list can show, in display order: addresses, custom fields, dates. */
export function allColumns(schemas: readonly TFieldSchema[]): ColumnId[] {
  return ['email', 'mobile', ...schemas.map((field) => fieldColumn(field.id)), 'createTime', 'updateTime'];
}

const COLUMN = 'email|mobile|createTime|updateTime|field:[a-z0-9]{1,20}';
const COLUMN_ID = new RegExp(`^(${COLUMN})$`);
const SORT_PARAM = new RegExp(`^(${COLUMN})\\.(asc|desc)$`);

export function isColumnId(value: unknown): value is ColumnId {
  return typeof value === 'string' && COLUMN_ID.test(value);
}

/** The sort in the URL, or the default (newest first) when absent or malformed. */
export function parseSort(param: string | null): TContactSort {
  const match = param ? SORT_PARAM.exec(param) : null;
  if (!match) return DEFAULT_SORT;
  return { field: match[1], direction: match[2] === 'asc' ? 'asc' : 'desc' };
}

/** The URL form of a sort; null for the default, which keeps the URL clean. */
export function sortParam(sort: TContactSort): string | null {
  if (sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction) return null;
  return `${sort.field}.${sort.direction}`;
}

const isDateColumn = (column: string) => column === 'createTime' || column === 'updateTime';

/** A click on a column header: the same column flips, another starts A→Z (dates newest first). */
export function nextSort(current: TContactSort, column: ColumnId): TContactSort {
  if (current.field === column) return { field: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field: column, direction: isDateColumn(column) ? 'desc' : 'asc' };
}
