/** The contact list's columns and its sort parameter (web/src/components/contacts/contact-columns.ts). */
import { describe, expect, it } from 'vitest';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import { allColumns, DEFAULT_SORT, fieldIdOf, isColumnId, nextSort, parseSort, sortParam } from '../../../../web/src/components/contacts/contact-columns.js';
import { parseHiddenColumns } from '../../../../web/src/routes/contacts/use-hidden-columns.js';

const field = (id: string): TFieldSchema => ({ id, name: id, type: 'text', choices: [], createTime: '2025-01-01T00:00:00.000Z' });

describe('contact columns', () => {
  it('lists addresses, then the custom fields in their order, then the dates', () => {
    expect(allColumns([field('f1'), field('f7')])).toEqual(['email', 'mobile', 'field:f1', 'field:f7', 'createTime', 'updateTime']);
    expect(fieldIdOf('field:f7')).toBe('f7');
    expect(fieldIdOf('email')).toBeNull();
  });

  it('reads a sort from the URL, falling back to newest first', () => {
    expect(parseSort('email.asc')).toEqual({ field: 'email', direction: 'asc' });
    expect(parseSort('field:f3.desc')).toEqual({ field: 'field:f3', direction: 'desc' });
    for (const bad of [null, '', 'email', 'email.up', 'password.asc', 'field:F3.asc']) expect(parseSort(bad), String(bad)).toEqual(DEFAULT_SORT);
  });

  it('keeps the default sort out of the URL', () => {
    expect(sortParam(DEFAULT_SORT)).toBeNull();
    expect(sortParam({ field: 'mobile', direction: 'asc' })).toBe('mobile.asc');
    expect(parseSort(sortParam({ field: 'field:f2', direction: 'desc' }))).toEqual({ field: 'field:f2', direction: 'desc' });
  });

  it('flips the sorted column, and starts another A→Z but dates newest first', () => {
    expect(nextSort({ field: 'email', direction: 'asc' }, 'email')).toEqual({ field: 'email', direction: 'desc' });
    expect(nextSort({ field: 'email', direction: 'desc' }, 'email')).toEqual({ field: 'email', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'field:f1')).toEqual({ field: 'field:f1', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'updateTime')).toEqual({ field: 'updateTime', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'createTime')).toEqual({ field: 'createTime', direction: 'asc' });
  });

  it('remembers hidden columns, ignoring anything that is not a column', () => {
    expect(parseHiddenColumns(null)).toEqual(['updateTime']);
    expect(parseHiddenColumns('not json')).toEqual(['updateTime']);
    expect(parseHiddenColumns('{"mobile":true}')).toEqual(['updateTime']);
    expect(parseHiddenColumns('["mobile","field:f2","<script>",7]')).toEqual(['mobile', 'field:f2']);
    expect(parseHiddenColumns('[]')).toEqual([]);
    expect(isColumnId('field:f2')).toBe(true);
    expect(isColumnId('field:')).toBe(false);
  });
});
