import { describe, expect, it } from 'vitest';
import { rowToContactInput } from '../../../functions/services/imports/contact-import.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';

const NOTE: TFieldSchema = { id: 'f1', name: 'Note', type: 'text', choices: [] } as unknown as TFieldSchema;

describe('an import row as a contact input', () => {
  it('reads a cell our exports guarded against formulas as the text it was', () => {
    // Prepare: an export wrote "=SUM(A1)" as "'=SUM(A1)"; the user's own apostrophes stay.
    const mapping = ['email', 'field:f1'];

    // Act
    const guarded = rowToContactInput({ row: ['ann@example.com', "'=SUM(A1)"], mapping, fields: [NOTE] });
    const ownApostrophe = rowToContactInput({ row: ['ann@example.com', "'tis the season"], mapping, fields: [NOTE] });

    // Assess
    expect(guarded.fields).toEqual({ f1: '=SUM(A1)' });
    expect(ownApostrophe.fields).toEqual({ f1: "'tis the season" });
  });

  it('reads subscription cells in English and Chinese, and refuses anything else', () => {
    const mapping = ['email', 'emailSubscribe'];
    expect(['yes', '是', '取消訂閱', 'FALSE'].map((cell) => rowToContactInput({ row: ['a@example.com', cell], mapping, fields: [] }).emailSubscribe)).toEqual([true, true, false, false]);
    expect(() => rowToContactInput({ row: ['a@example.com', 'maybe'], mapping, fields: [] })).toThrow("'maybe' is neither yes nor no.");
  });
});
